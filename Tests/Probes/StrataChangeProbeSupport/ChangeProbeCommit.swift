import Foundation

/// One commit the probe made, as it reports it on a line of its output:
/// `commit <index> <started> <finished>`, both times in nanoseconds of the wall clock since 1970
/// (processes on one machine share that clock).
public struct ChangeProbeCommit: Hashable, Sendable {
    /// Which commit, from 0.
    public let index: Int
    /// When the probe called `save()`.
    public let started: Int64
    /// When `save()` returned: the commit is done.
    public let finished: Int64

    /// A commit of the probe's.
    public init(index: Int, started: Int64, finished: Int64) {
        self.index = index
        self.started = started
        self.finished = finished
    }

    /// The commit a line of the probe's output reports, or `nil` for any other line.
    public init?(line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.count == 4, fields[0] == "commit", let index = Int(fields[1]), let started = Int64(fields[2]),
            let finished = Int64(fields[3])
        else { return nil }
        self.init(index: index, started: started, finished: finished)
    }

    /// The line the probe prints for this commit.
    public var line: String { "commit \(index) \(started) \(finished)" }
}
