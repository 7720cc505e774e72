import Foundation

/// Identifies the context a request comes from; stores may key per-context state on it.
public struct EditingState: Sendable, Identifiable, Hashable {
    public let id: UUID
    /// The author a context sets for the changes it saves.
    public var author: String?

    public init(id: UUID = UUID(), author: String? = nil) {
        self.id = id
        self.author = author
    }
}
