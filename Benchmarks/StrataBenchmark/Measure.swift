// Timing (ContinuousClock, best of N) and memory (/proc/self/status) helpers.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum Measure {
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// Times `body` once with ContinuousClock.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return seconds(clock.now - start)
    }

    /// Times the suspending `body` once with ContinuousClock.
    static func timeAsync(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return seconds(clock.now - start)
    }

    /// Runs `setup` (untimed), then times `body` with its result; returns the best time of `runs`.
    static func best<State>(runs: Int, setup: () throws -> State, _ body: (State) throws -> Void, teardown: (State) throws -> Void = { _ in }) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let state = try setup()
            let elapsed = try time { try body(state) }
            try teardown(state)
            best = min(best, elapsed)
        }
        return best
    }
}

/// VmRSS / VmHWM of this process, in kB.
struct MemoryStatus: CustomStringConvertible {
    var rss: Int
    var hwm: Int

    static func read() -> MemoryStatus {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return -1 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
        }
        return MemoryStatus(rss: field("VmRSS"), hwm: field("VmHWM"))
    }

    /// Returns freed heap to the kernel, then resets VmHWM to the current RSS by writing `5` to
    /// /proc/self/clear_refs (Linux ≥ 4.0). Returns whether the reset took effect.
    @discardableResult
    static func resetPeak() -> Bool {
        trimHeap()
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        let status = read()
        return status.hwm <= status.rss + 64
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (the Glibc module does not export it).
    static func trimHeap() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }

    var description: String { "VmRSS \(rss) kB, VmHWM \(hwm) kB" }
}

/// Memory around one fetch-all: status before, and after (with the results still alive).
struct MemorySample {
    var before: MemoryStatus
    var after: MemoryStatus
    var peakWasReset: Bool

    /// Peak growth: the high-water mark reached during the fetch, above the RSS before it.
    var peakGrowth: Int { max(after.hwm - before.rss, 0) }
    /// Retained growth: resident memory held by the results.
    var residentGrowth: Int { max(after.rss - before.rss, 0) }

    var line: String { "\(before.rss) \(before.hwm) \(after.rss) \(after.hwm) \(peakWasReset ? 1 : 0)" }

    init(before: MemoryStatus, after: MemoryStatus, peakWasReset: Bool) {
        self.before = before
        self.after = after
        self.peakWasReset = peakWasReset
    }

    init?(line: some StringProtocol) {
        let fields = line.split(separator: " ").compactMap { Int($0) }
        guard fields.count == 5 else { return nil }
        self.init(before: MemoryStatus(rss: fields[0], hwm: fields[1]), after: MemoryStatus(rss: fields[2], hwm: fields[3]), peakWasReset: fields[4] == 1)
    }
}

/// Keeps the optimizer from dropping reads.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
