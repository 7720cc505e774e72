import Foundation

/// A JSON scalar as ``JSONReader`` or `JSONSerialization` hands it over (`String`, `Bool`, `NSNumber`, Swift numbers).
enum JSONScalar {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)

    init?(_ value: Any) {
        // What ``JSONReader`` and `JSONSerialization` give, by dynamic type first: a failed cast
        // (an `NSNumber` as `String`) tries bridging and costs more than reading the value, and
        // casting a Swift number to `NSNumber` (or back) bridges it.
        let type = Swift.type(of: value)
        if type == String.self {
            self = .string(value as! String)
            return
        }
        if type == Int.self {
            self = .integer(Int64(value as! Int))
            return
        }
        if type == Double.self {
            let double = value as! Double
            self = Int64(exactly: double).map(JSONScalar.integer) ?? .double(double)
            return
        }
        if type == Bool.self {
            self = .bool(value as! Bool)
            return
        }
        if type is NSNumber.Type {
            self = Self.number(value as! NSNumber)
            return
        }
        if let string = value as? String {
            self = .string(string)
            return
        }
        if let number = value as? NSNumber {
            self = Self.number(number)
            return
        }
        switch value {
        case let bool as Bool: self = .bool(bool)
        case let integer as Int: self = .integer(Int64(integer))
        case let integer as Int64: self = .integer(integer)
        case let double as Double: self = .double(double)
        default: return nil
        }
    }

    /// An `NSNumber` as a boolean (`JSONSerialization` makes `true` and `false` with type code
    /// `c`), an integer when it holds one exactly, else a double.
    private static func number(_ number: NSNumber) -> JSONScalar {
        if number.objCType.pointee == CChar(UInt8(ascii: "c")) { return .bool(number.boolValue) }
        let double = number.doubleValue
        let integer = number.int64Value
        return Double(integer) == double ? .integer(integer) : .double(double)
    }

    /// The scalar as an exact integer of `Integer`, if it is one.
    func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        switch self {
        case .integer(let value): return Integer(exactly: value)
        case .double(let value): return Integer(exactly: value)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return Integer(trimmed) ?? Double(trimmed).flatMap { Integer(exactly: $0) }
        case .bool: return nil
        }
    }

    /// The scalar as a double, if it is a number or a numeric string.
    var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        case .bool: return nil
        }
    }

    /// `true`/`false`, `1`/`0`, and the strings `"true"`, `"false"`, `"yes"`, `"no"`, `"1"`, `"0"`.
    var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .integer(1): return true
        case .integer(0): return false
        case .integer, .double: return nil
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        }
    }

    /// The scalar as text: strings as they are, numbers in their shortest form.
    var text: String {
        switch self {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        }
    }
}
