import StrataConformance

extension CommitSignalRecorder {
    /// For each commit, how long after it finished the first signal at or after its start came,
    /// in nanoseconds (negative when the signal beat `save()` returning); `nil` for a commit no
    /// signal followed.
    public func latencies(of commits: [ChangeProbeCommit]) -> [Int64?] {
        let signals = self.signals
        return commits.map { commit in signals.first { $0 >= commit.started }.map { $0 - commit.finished } }
    }
}
