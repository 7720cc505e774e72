import Foundation

/// Whether `value` is JSON's `null` (`NSNull`, as ``JSONReader`` and `JSONSerialization` give it).
/// The common values are told apart by dynamic type first, as ``JSONScalar`` does: casting a
/// string or a number to a class tries bridging, and costs more than the rest of reading it.
func isJSONNull(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    if type == String.self || type == Int.self || type == Double.self || type == Bool.self || type == [String: Any].self || type == [Any].self {
        return false
    }
    return value is NSNull
}
