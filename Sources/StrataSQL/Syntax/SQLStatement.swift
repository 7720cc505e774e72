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
