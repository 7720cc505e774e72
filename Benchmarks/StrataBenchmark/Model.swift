// The benchmarked model, the equivalent plain struct raw SQLite code builds, and the
// deterministic input data both sides write.
import Foundation
import Strata

/// Six attributes counting the identity: Strata's integer primary key `_pk`, then these five.
@Model final class Task {
    var title: String
    var priority: Int?
    var score: Double
    var due: Date
    var done: Bool

    init(title: String, priority: Int?, score: Double, due: Date, done: Bool) {
        self.title = title
        self.priority = priority
        self.score = score
        self.due = due
        self.done = done
    }
}

/// What raw code builds per row: the same values plus the primary key.
struct TaskRow {
    var id: Int64
    var title: String
    var priority: Int?
    var score: Double
    var due: Date
    var done: Bool
}

/// One row of input, generated before any timing starts.
struct TaskInput {
    var title: String
    var priority: Int?
    var score: Double
    var due: Date
    var done: Bool
}

/// SplitMix64: fast, deterministic, no Foundation randomness.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Workload {
    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett"]

    /// `count` rows: ~30% nil priorities (others 0...5), scores in [0, 1000), ~50% done.
    static func inputs(count: Int) -> [TaskInput] {
        var rng = SplitMix64(seed: 42)
        return (0..<count).map { index in
            let word = words[Int(rng.next() % UInt64(words.count))]
            let priority: Int? = rng.next() % 100 < 30 ? nil : Int(rng.next() % 6)
            let score = Double(rng.next() % 1_000_000) / 1000
            let due = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(rng.next() % 31_536_000))
            return TaskInput(title: "task \(index) \(word)", priority: priority, score: score, due: due, done: rng.next() % 2 == 0)
        }
    }

    /// The primary keys looked up by the point-lookup workload: a fixed permutation of 1...rows.
    static func lookupKeys(rows: Int, count: Int) -> [Int64] {
        var rng = SplitMix64(seed: 7)
        let keys = (1...Int64(rows)).shuffled(using: &rng)
        return (0..<count).map { keys[$0 % keys.count] }
    }
}
