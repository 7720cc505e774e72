import StrataCore

/// A constant or attribute value the fuzzer generates, of one of `Row`'s attribute types.
enum FuzzValue: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case date(Date)

    /// Swift source for the value, as it would appear in a `#Predicate`.
    var description: String {
        switch self {
        case .int(let value):
            switch value {
            case .min: return "Int.min"
            case .max: return "Int.max"
            default: return "\(value)"
            }
        case .double(let value):
            if value.isNaN { return "Double.nan" }
            if value == .infinity { return "Double.infinity" }
            if value == -.infinity { return "-Double.infinity" }
            if value == 0 && value.sign == .minus { return "-0.0" }
            return "\(value)"
        case .string(let value):
            return FuzzValue.quoted(value)
        case .bool(let value):
            return "\(value)"
        case .date(let value):
            return "Date(timeIntervalSince1970: \(value.timeIntervalSince1970))"
        }
    }

    /// A Swift string literal for `text`, escaping quotes, backslashes and non-printing scalars.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || (0x300...0x36F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        if text.count > 40 { return "String(repeating: ..., \(text.count) characters)" }
        return result + "\""
    }
}
