extension Duration {
    /// The duration in whole milliseconds, rounded down (PostgreSQL's unit for timeouts).
    var inMilliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds, as a `Double` (for Dispatch and Foundation deadlines).
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
