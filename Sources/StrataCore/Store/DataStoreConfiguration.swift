/// Describes one store: which ``DataStore`` type to create and how.
///
/// The container injects its ``Schema`` into ``schema`` before it creates the store.
public protocol DataStoreConfiguration: Hashable, Sendable {
    associatedtype Store: DataStore where Store.Configuration == Self
    /// A name for the store, unique within a container.
    var name: String { get }
    /// The schema the store persists; set by the container.
    var schema: Schema? { get set }
    /// Checks the configuration before the store is created.
    /// - Throws: a typed error describing what is wrong.
    func validate() throws
}

extension DataStoreConfiguration {
    public func validate() throws {}
}
