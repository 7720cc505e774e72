import Foundation
import StrataConformance
import StrataInMemory
import Synchronization
import Testing

/// ``ConformanceRunner/runAll(_:workers:afterEach:)``: cases of a category run at once, a
/// category starts after the one before it ended, and results come back in the cases' order.
@Suite struct ConformanceWorkersTests {
    static let runner = ConformanceRunner(backend: ConformanceBackend(name: "test", capabilities: .all) { _ in InMemoryConfiguration() })

    /// Two cases that each wait for the other pass only when they run at the same time.
    static func meetingCases(category: String) -> [ConformanceCase] {
        let arrived = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        return [
            ConformanceCase("\(category).first", category: category) { _ in
                arrived.0.signal()
                try Check.that(arrived.1.wait(timeout: .now() + 5) == .success, "the second case ran meanwhile")
            },
            ConformanceCase("\(category).second", category: category) { _ in
                arrived.1.signal()
                try Check.that(arrived.0.wait(timeout: .now() + 5) == .success, "the first case ran meanwhile")
            },
        ]
    }

    @Test func casesOfACategoryRunAtOnce() throws {
        var seen: [String] = []
        let report = Self.runner.runAll(Self.meetingCases(category: "meet"), workers: 2) { seen.append($0.id) }
        #expect(report.passed == 2, "\(report.text)")
        #expect(report.results.map(\.id) == ["meet.first", "meet.second"])
        #expect(seen.sorted() == ["meet.first", "meet.second"])
    }

    @Test func aCategoryStartsAfterTheOneBeforeItEnded() throws {
        let ended = Mutex(0)
        let slow = (0..<3).map { index in
            ConformanceCase("slow.\(index)", category: "slow") { _ in
                Thread.sleep(forTimeInterval: 0.05 * Double(index))
                ended.withLock { $0 += 1 }
            }
        }
        let next = ConformanceCase("next.count", category: "next") { _ in
            try Check.equal(ended.withLock { $0 }, 3, "every case of the category before had ended")
        }
        let report = Self.runner.runAll(slow + [next], workers: 4) { _ in }
        #expect(report.passed == 4, "\(report.text)")
    }

    /// An error from `afterEach` ends the run there: no case of a later category starts.
    @Test func anErrorFromAfterEachStopsTheRun() throws {
        let started = Mutex<[String]>([])
        let cases = ["a", "b"].map { category in
            ConformanceCase("\(category).case", category: category) { _ in started.withLock { $0.append(category) } }
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) { try Self.runner.runAll(cases, workers: 2) { _ in throw Stop() } }
        #expect(started.withLock { $0 } == ["a"])
    }
}
