import Foundation

/// The probe's report lines on standard output, each one `write(2)`: unbuffered, so the lines
/// written before a SIGKILL reach the reader.
enum ProbeOutput {
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data("\(line)\n".utf8))
    }

    /// Whole milliseconds from `start` to now.
    static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = (ContinuousClock.now - start).components
        return elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    }
}
