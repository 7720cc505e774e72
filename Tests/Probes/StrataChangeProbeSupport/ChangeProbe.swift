import Foundation
import Strata
import StrataConformance
import StrataPostgres

/// A second process that saves to a store, so tests and benchmarks can check how this process
/// hears of another's commits: `StrataChangeProbe <store> <commits> [pause ms] [label]`.
///
/// `<store>` is a SQLite file path or `postgres://…`, with `#namespace` to name a namespace.
/// The probe opens the store with ``ChangeProbeItem``'s schema, prints `ready`, then makes
/// `commits` saves of one item each, `pause` milliseconds apart, printing each as a
/// ``ChangeProbeCommit`` line. Open the store first, so the probe's open writes nothing.
public enum ChangeProbe {
    /// What the probe is asked to do.
    public struct Arguments: Sendable {
        /// Where to save: a SQLite path or a `postgres://` URL (`#namespace` optional).
        public var store: String
        /// How many saves.
        public var commits: Int
        /// The pause after each save, in milliseconds.
        public var pauseMilliseconds: Int
        /// The label of the saved items.
        public var label: String

        /// A run of `commits` saves to `store`.
        public init(store: String, commits: Int, pauseMilliseconds: Int = 20, label: String = "probe") {
            self.store = store
            self.commits = commits
            self.pauseMilliseconds = pauseMilliseconds
            self.label = label
        }

        /// Parses `<store> <commits> [pause ms] [label]`; `nil` when they do not fit.
        public init?(_ arguments: ArraySlice<String>) {
            let values = Array(arguments)
            guard (2...4).contains(values.count), let commits = Int(values[1]) else { return nil }
            let pause = values.count > 2 ? Int(values[2]) : 20
            guard let pause else { return nil }
            self.init(store: values[0], commits: commits, pauseMilliseconds: pause, label: values.count > 3 ? values[3] : "probe")
        }

        /// The command-line form, the inverse of ``init(_:)``.
        public var commandLine: [String] { [store, String(commits), String(pauseMilliseconds), label] }
    }

    /// The configuration `store` names: a SQLite file path, or `postgres://…#namespace`.
    /// - Throws: ``PostgresConfiguration/init(url:namespace:name:schema:)``'s errors for a bad URL.
    public static func configuration(_ store: String) throws -> any DataStoreConfiguration {
        guard store.hasPrefix("postgres") else { return SQLiteConfiguration(path: store) }
        let parts = store.split(separator: "#", maxSplits: 1).map(String.init)
        return try PostgresConfiguration(url: parts[0], namespace: parts.count > 1 ? parts[1] : nil)
    }

    /// A container on `store` with ``ChangeProbeItem``'s schema.
    /// - Throws: what opening the store throws.
    public static func container(_ store: String) throws -> ModelContainer {
        try ModelContainer(for: Schema([ChangeProbeItem.self]), configurations: [try configuration(store)])
    }

    /// Runs the probe in this process, printing to standard output as it goes.
    /// - Throws: what opening the store or saving throws.
    public static func run(_ arguments: Arguments) throws {
        let context = ModelContext(try container(arguments.store))
        emit("ready")
        for index in 0..<arguments.commits {
            emit(try commit(index: index, label: arguments.label, in: context).line)
            usleep(useconds_t(arguments.pauseMilliseconds * 1_000))
        }
    }

    /// Inserts one item in `context` and saves: one commit, timed as the probe times its own.
    /// - Throws: what saving throws.
    public static func commit(index: Int = 0, label: String = "probe", in context: ModelContext) throws -> ChangeProbeCommit {
        let started = CommitSignalRecorder.now()
        context.insert(ChangeProbeItem(index: index, label: label))
        try context.save()
        return ChangeProbeCommit(index: index, started: started, finished: CommitSignalRecorder.now())
    }

    /// Writes `line` to standard output at once (no buffering, so the reader sees it now).
    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
