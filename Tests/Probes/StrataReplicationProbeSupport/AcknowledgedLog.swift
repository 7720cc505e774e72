import Foundation

/// The client probe's record of its local saves, kept outside its store so a check can tell
/// what the client was told was saved: before each save a `save uid=title …` line, after the
/// save returns a `saved` line. A save with its `saved` line is acknowledged.
///
/// Each line is one `write(2)`, so it survives a SIGKILL right after it (the kernel has it); a
/// kill between a save and its `saved` line leaves a save that may or may not be in the store.
public struct AcknowledgedLog {
    /// The last acknowledged title of each task.
    public private(set) var acknowledged: [String: String] = [:]
    /// Titles of saves made after a task's last acknowledged one and never acknowledged
    /// (the process was killed before or after the save committed): the store may hold any.
    public private(set) var unacknowledged: [String: Set<String>] = [:]

    /// Reads the log at `path` (no file: nothing saved yet). A last line cut short by a kill is ignored.
    /// - Throws: when the file cannot be read.
    public init(contentsOf path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var pending: [(uid: String, title: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line == "saved" {
                for (uid, title) in pending {
                    acknowledged[uid] = title
                    unacknowledged[uid] = nil
                }
                pending = []
            } else if line.hasPrefix("save ") {
                for (uid, title) in pending { unacknowledged[uid, default: []].insert(title) }
                pending = line.dropFirst(5).split(separator: " ").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return (String(parts[0]), String(parts[1]))
                }
            }
        }
        for (uid, title) in pending { unacknowledged[uid, default: []].insert(title) }
    }

    /// Every task the log names, acknowledged or not.
    public var uids: Set<String> { Set(acknowledged.keys).union(unacknowledged.keys) }

    /// The acknowledged tasks `titles` (the server's, by uid) does not hold as acknowledged or
    /// as a later unacknowledged save left them: each with the title the log expects.
    public func lost(in titles: [String: String]) -> [String: String] {
        acknowledged.filter { uid, title in
            guard let held = titles[uid] else { return true }
            return held != title && !(unacknowledged[uid]?.contains(held) ?? false)
        }
    }

    /// Appends to the log at `path`, one `write(2)` per line.
    public struct Writer {
        private let handle: FileHandle

        /// Opens the log at `path` for appending, creating it if needed.
        /// - Throws: when the file cannot be opened.
        public init(path: String) throws {
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
        }

        /// Records a save about to be made: the task uids and the titles it gives them.
        /// - Throws: when the write fails.
        public func intend(_ titles: [(uid: String, title: String)]) throws {
            try handle.write(contentsOf: Data(("save " + titles.map { "\($0.uid)=\($0.title)" }.joined(separator: " ") + "\n").utf8))
        }

        /// Records that the save last intended returned.
        /// - Throws: when the write fails.
        public func acknowledge() throws {
            try handle.write(contentsOf: Data("saved\n".utf8))
        }
    }
}
