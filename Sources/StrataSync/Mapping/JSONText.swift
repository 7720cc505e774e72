import Foundation

/// Writes the values ``JSONReader`` and `JSONSerialization` make (`[String: Any]`, `[Any]`,
/// strings, numbers, booleans, `NSNull`) as UTF-8 JSON, without `JSONSerialization`, whose
/// writer took a fifth of a replication pull's time. Keys are written in no particular order.
enum JSONText {
    /// Why a value cannot be written as JSON.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `value` as JSON text.
    /// - Throws: ``Failure`` for a value that is not JSON (a date, a non-finite number).
    static func data(_ value: Any) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4_096)
        try write(value, into: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: Any, into bytes: inout [UInt8]) throws {
        switch value {
        case let object as [String: Any]:
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(string: key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try write(member, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case let array as [Any]:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case is NSNull:
            bytes.append(contentsOf: "null".utf8)
        default:
            try write(scalar: value, into: &bytes)
        }
    }

    private static func write(scalar value: Any, into bytes: inout [UInt8]) throws {
        switch JSONScalar(value) {
        case .string(let text)?: write(string: text, into: &bytes)
        case .integer(let integer)?: bytes.append(contentsOf: String(integer).utf8)
        case .bool(let bool)?: bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        case .double(let double)?:
            guard double.isFinite else { throw Failure(description: "\(double) is not a JSON number") }
            bytes.append(contentsOf: String(double).utf8)
        case nil:
            guard let integer = value as? any BinaryInteger else { throw Failure(description: "a \(type(of: value)) is not a JSON value") }
            bytes.append(contentsOf: String(describing: integer).utf8)
        }
    }

    private static func write(string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
