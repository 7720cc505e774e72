import Foundation

/// Reads a UTF-8 JSON document (RFC 8259) into the values `JSONSerialization` makes — `[String: Any]`,
/// `[Any]`, `String`, `NSNull` — except that numbers are `Int` when they are whole and fit,
/// else `Double`, and booleans are `Bool`: what ``JSONScalar`` makes of the `NSNumber`s
/// `JSONSerialization` returns, without making them. Parsing an import's payload here takes a
/// fraction of `JSONSerialization`'s time, which was a fifth of the whole import.
struct JSONReader {
    /// Why a document is not valid JSON, and at which byte.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Containers nest at most this deep, as in `JSONSerialization`.
    private static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var position: Int
    private var depth = 0
    /// The members of the objects being read, innermost last: each object's dictionary is made
    /// once its members are known, at its size, instead of growing (and rehashing) key by key.
    private var members: [(key: String, value: Any)] = []

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // A byte-order mark is allowed and skipped.
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The value `data` holds.
    /// - Throws: ``Failure`` naming the first error and its byte offset.
    static func value(of data: Data) throws -> Any {
        try data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes)
            let value = try reader.readValue()
            reader.skipWhitespace()
            guard reader.position == bytes.count else { throw reader.failure("unexpected text after the value") }
            return value
        }
    }

    /// Whether `data` may be UTF-8 JSON: text in UTF-16 or UTF-32 starts with a zero byte or a
    /// byte-order mark (`FE`/`FF`), which no UTF-8 JSON text does.
    static func isUTF8(_ data: Data) -> Bool {
        guard let first = data.first else { return true }
        return first != 0 && first != 0xFE && first != 0xFF && (data.count < 2 || data[data.startIndex + 1] != 0)
    }

    private mutating func readValue() throws -> Any {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return try readString()
        case UInt8(ascii: "t"): return try readLiteral("true", true)
        case UInt8(ascii: "f"): return try readLiteral("false", false)
        case UInt8(ascii: "n"): return try readLiteral("null", NSNull())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func readObject() throws -> [String: Any] {
        try enterContainer()
        defer { depth -= 1 }
        if closes(UInt8(ascii: "}")) { return [:] }
        let first = members.count
        defer { members.removeSubrange(first...) }
        repeat {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try readString()
            skipWhitespace()
            try consume(UInt8(ascii: ":"))
            members.append((key, try readValue()))
        } while try continues(closing: UInt8(ascii: "}"))
        var object = [String: Any](minimumCapacity: members.count - first)
        // A repeated key keeps its last value.
        for member in members[first...] { object[member.key] = member.value }
        return object
    }

    private mutating func readArray() throws -> [Any] {
        try enterContainer()
        defer { depth -= 1 }
        var array: [Any] = []
        if closes(UInt8(ascii: "]")) { return array }
        repeat {
            array.append(try readValue())
        } while try continues(closing: UInt8(ascii: "]"))
        return array
    }

    /// Steps over a container's opening bracket, counting its depth.
    private mutating func enterContainer() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("containers nest deeper than \(Self.maximumDepth)") }
        position += 1
    }

    /// Steps over `closing` when it comes next (an empty container).
    private mutating func closes(_ closing: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        return true
    }

    /// After an element: `true` at a comma (another element follows), `false` at `closing`.
    private mutating func continues(closing: UInt8) throws -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of input") }
        let byte = bytes[position]
        position += 1
        // A comma before the closing bracket ends the container, as in `JSONSerialization`.
        if byte == UInt8(ascii: ",") { return !closes(closing) }
        if byte == closing { return false }
        position -= 1
        throw failure("expected \",\" or \"\(Character(Unicode.Scalar(closing)))\"")
    }

    private mutating func consume(_ expected: UInt8) throws {
        guard position < bytes.count, bytes[position] == expected else { throw failure("expected \"\(Character(Unicode.Scalar(expected)))\"") }
        position += 1
    }

    private mutating func readLiteral(_ text: StaticString, _ value: Any) throws -> Any {
        let literal = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard position + literal.count <= bytes.count, bytes[position..<position + literal.count].elementsEqual(literal) else {
            throw failure("unexpected character")
        }
        position += literal.count
        return value
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    func failure(_ message: String) -> Failure {
        Failure(description: "\(message) at byte \(position)")
    }
}

extension JSONReader {
    /// A string starting at its opening quote. Text without escapes is made from the bytes in
    /// one step; escapes are decoded into a buffer first.
    private mutating func readString() throws -> String {
        position += 1
        let start = position
        var bits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let string = try text(start..<position, isASCII: bits < 0x80)
                position += 1
                return string
            }
            bits |= byte
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw failure("unescaped control character in a string") }
            position += 1
        }
        throw failure("unterminated string")
    }

    private mutating func readEscapedString(from start: Int) throws -> String {
        var decoded = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try decoded.withUnsafeBytes { try text($0, isASCII: false) }
            case UInt8(ascii: "\\"):
                try readEscape(into: &decoded)
            case 0..<0x20:
                position -= 1
                throw failure("unescaped control character in a string")
            default:
                decoded.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    /// Decodes the escape after a backslash, appending its UTF-8 bytes.
    private mutating func readEscape(into decoded: inout [UInt8]) throws {
        guard position < bytes.count else { throw failure("unterminated string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try readHexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate without a low one")
                }
                position += 2
                let low = UInt32(try readHexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a high surrogate without a low one") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw failure("a low surrogate without a high one") }
            decoded.append(contentsOf: String(character).utf8)
        default:
            position -= 1
            throw failure("invalid escape")
        }
    }

    private mutating func readHexQuad() throws -> UInt16 {
        guard position + 4 <= bytes.count else { throw failure("unterminated string") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else { throw failure("invalid \\u escape") }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// The UTF-8 text of `range`, validated.
    private func text(_ range: Range<Int>, isASCII: Bool) throws -> String {
        try text(UnsafeRawBufferPointer(rebasing: bytes[range]), isASCII: isASCII)
    }

    /// `utf8` as a string; ASCII needs no validation. (`String(decoding:)` is specialized for
    /// UTF-8, unlike `String(validating:)`; it repairs what is invalid, so text whose repair
    /// changed it was not valid UTF-8.)
    private func text(_ utf8: UnsafeRawBufferPointer, isASCII: Bool) throws -> String {
        let string = String(decoding: utf8, as: UTF8.self)
        guard isASCII || string.utf8.elementsEqual(utf8) else { throw failure("invalid UTF-8 in a string") }
        return string
    }

    /// A number: an `Int` when it is whole and fits (`2`, `2.0`, `2e3`), else a `Double`.
    private mutating func readNumber() throws -> Any {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        // The integer part is a single zero or digits that do not start with one ("01" is not JSON).
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            guard skipDigits() > 0 else { throw failure("invalid number") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw failure("invalid number") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw failure("invalid number") }
        }
        if isInteger, let integer = Self.integer(UnsafeRawBufferPointer(rebasing: bytes[start..<position])) { return integer }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { throw failure("a number out of range") }
        return Int(exactly: double) ?? double
    }

    /// The value of an optionally signed run of decimal digits, or `nil` when it overflows `Int`.
    private static func integer(_ text: UnsafeRawBufferPointer) -> Int? {
        let isNegative = text.first == UInt8(ascii: "-")
        var value = 0
        for digit in text.dropFirst(isNegative ? 1 : 0) {
            // Accumulated negative, so `Int.min` fits.
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = shifted.subtractingReportingOverflow(Int(digit &- UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    /// Steps over decimal digits and returns how many.
    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }
}
