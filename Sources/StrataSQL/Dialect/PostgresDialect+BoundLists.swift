import Foundation
import StrataCore

/// Long captured lists as one bound array:
/// `element IN (SELECT "unnest" FROM unnest(CAST($1 AS BIGINT[])))`, the array sent as the text
/// of an array literal. The subquery, unlike `= ANY($1)`, lets the planner hash the list (or
/// probe an index per value) whatever plan a prepared statement gets: `= ANY` over a parameter
/// compares each row with every value.
///
/// Values are written as PostgreSQL reads them back exactly: doubles and dates in Swift's shortest
/// round-trip form, text through the same U+0000 code as stored text (the store escapes the whole
/// bound literal), `bytea` as hex.
extension PostgresDialect {
    /// Measured against a 100,000-row table, preparing each statement: `IN ($1, …)` with
    /// 1,000 values took 10 ms and the array 17.7 ms (300: 1.6 against 2.5 ms), the planner
    /// probing the key index per written value.
    public var inlineListLength: Int { 1_000 }

    /// `element IN (SELECT "unnest" FROM unnest(CAST($1 AS type[])))` over the values as one
    /// array literal; `nil` for `Codable` values.
    public func membership(of element: SQLExpression, inBoundList values: [PersistentValue], storage: StorageType) -> SQLExpression? {
        guard let type = Self.arrayType(of: storage) else { return nil }
        var literal: [UInt8] = [UInt8(ascii: "{")]
        literal.reserveCapacity(values.count * 12 + 2)
        for value in values {
            if literal.count > 1 { literal.append(UInt8(ascii: ",")) }
            guard Self.appendElement(value, storage: storage, to: &literal) else { return nil }
        }
        literal.append(UInt8(ascii: "}"))
        let array = SQLExpression.cast(.bind(.string(String(decoding: literal, as: UTF8.self))), type)
        return .binary(element, "IN", .selectFromFunction(column: "unnest", function: "unnest", arguments: [array]))
    }

    private static func arrayType(of storage: StorageType) -> StaticString? {
        switch storage {
        case .bool: "BOOLEAN[]"
        case .integer: "BIGINT[]"
        case .double, .date: "DOUBLE PRECISION[]"
        case .string: "TEXT[]"
        case .data: "BYTEA[]"
        case .uuid: "UUID[]"
        case .decimal: "NUMERIC[]"
        case .codable: nil
        }
    }

    /// Appends `value` as an element of an array literal; `false` when it is not a value of `storage`.
    private static func appendElement(_ value: PersistentValue, storage: StorageType, to literal: inout [UInt8]) -> Bool {
        switch (value, storage) {
        case (.bool(let flag), .bool): literal.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case (.integer(let integer), .integer): literal += String(integer).utf8
        case (.double(let double), .double): return BoundListText.append(double, infinity: "Infinity", to: &literal)
        case (.date(let date), .date): return BoundListText.append(date.timeIntervalSinceReferenceDate, infinity: "Infinity", to: &literal)
        case (.decimal(let decimal), .decimal): literal += decimal.description.utf8
        case (.uuid(let uuid), .uuid): literal += uuid.uuidString.utf8
        case (.string(let string), .string): appendQuoted(string.utf8, to: &literal)
        case (.data(let data), .data):
            // `"\\x0102"`: the array parser drops the first backslash, `bytea` reads hex after `\x`.
            literal += #""\\x"#.utf8
            for byte in data { BoundListText.appendHexDigits(of: byte, to: &literal) }
            literal.append(UInt8(ascii: "\""))
        default: return false
        }
        return true
    }

    /// Appends a double-quoted element, `"` and `\` escaped with a backslash.
    private static func appendQuoted(_ bytes: String.UTF8View, to literal: inout [UInt8]) {
        literal.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { literal.append(UInt8(ascii: "\\")) }
            literal.append(byte)
        }
        literal.append(UInt8(ascii: "\""))
    }
}
