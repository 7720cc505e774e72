import StrataCore

/// Serialized SQL and its bind values, in placeholder order.
public struct SQLStatement: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let binds: [PersistentValue]

    public init(text: String, binds: [PersistentValue] = []) {
        self.text = text
        self.binds = binds
    }

    /// The SQL text only: bound values are never part of a description.
    public var description: String { text }
}

extension SQLStatement {
    /// How many characters of SQL text an error description shows.
    public static let describedTextLength = 1_000

    /// `text` as error descriptions show it: whole when short, else its first
    /// ``describedTextLength`` characters and how many more there are, so an error about a
    /// predicate of thousands of terms stays readable. The full text stays on the error.
    public static func abbreviated(_ text: String) -> String {
        guard let end = text.index(text.startIndex, offsetBy: describedTextLength, limitedBy: text.endIndex), end < text.endIndex else {
            return text
        }
        return text[..<end] + "… (\(text[end...].count) more characters)"
    }
}
