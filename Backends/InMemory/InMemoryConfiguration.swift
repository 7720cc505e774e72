import Foundation
import StrataCore

/// Configures an ``InMemoryStore``: nothing is written to disk and data lives as long as the container.
///
/// ```swift
/// let container = try ModelContainer(for: Trip.self, configurations: InMemoryConfiguration())
/// ```
public struct InMemoryConfiguration: DataStoreConfiguration {
    public typealias Store = InMemoryStore

    /// Distinguishes stores; each configuration made with the default name is a fresh store.
    public var name: String
    public var schema: Schema?
    /// Whether saves record their history (``HistoryRecording``, docs/changes.md). On by default.
    public var recordsHistory = true

    public init(name: String = "memory-\(UUID().uuidString)", schema: Schema? = nil) {
        self.name = name
        self.schema = schema
    }

    public static func == (lhs: InMemoryConfiguration, rhs: InMemoryConfiguration) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension InMemoryConfiguration: HistoryRecordingConfiguration {}
