import Foundation
import StrataCore

/// Configures a ``JSONFileStore``: the JSON file that holds every row of the store.
///
/// ```swift
/// let url = URL(filePath: "/tmp/trips.json")
/// let container = try ModelContainer(for: Schema([Trip.self]), configurations: [JSONFileConfiguration(url: url)])
/// ```
/// Two configurations of the same file are the same store, whatever their names.
public struct JSONFileConfiguration: DataStoreConfiguration {
    public typealias Store = JSONFileStore

    /// A name for the store; by default the file's name without its extension.
    public var name: String
    /// Set by `ModelContainer` before it creates the store.
    public var schema: Schema?
    /// The file; created (empty) when the store is first opened. Its directory must exist.
    public var url: URL

    public init(name: String? = nil, url: URL, schema: Schema? = nil) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.url = url
        self.schema = schema
    }

    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` when ``url`` is not a file URL.
    public func validate() throws {
        guard url.isFileURL else {
            throw SwiftDataError.unsupportedConfiguration.with("JSONFileConfiguration needs a file URL, not \(url)")
        }
    }

    public static func == (lhs: JSONFileConfiguration, rhs: JSONFileConfiguration) -> Bool {
        lhs.url.standardizedFileURL == rhs.url.standardizedFileURL
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(url.standardizedFileURL) }
}
