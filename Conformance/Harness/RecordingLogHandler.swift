import Logging
import Synchronization

/// What a ``RecordingLogHandler`` received, for tests that check what a store or a context logs.
public final class LogRecords: Sendable {
    /// One message.
    public struct Record: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])

    public init() {}

    func append(_ record: Record) { records.withLock { $0.append(record) } }
    /// Every message so far, oldest first.
    public var all: [Record] { records.withLock { $0 } }
}

/// A log handler that keeps every message at its level and above (`.info` unless told).
public struct RecordingLogHandler: LogHandler {
    public let records: LogRecords
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level

    public init(records: LogRecords, logLevel: Logger.Level = .info) {
        self.records = records
        self.logLevel = logLevel
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        records.append(LogRecords.Record(level: event.level, message: "\(event.message)", metadata: (event.metadata ?? [:]).mapValues { "\($0)" }))
    }
}
