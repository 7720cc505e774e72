@testable import StrataCore
import Testing

/// The identity map's hash table, checked against `Dictionary` as the reference.
@Suite struct IntegerKeyedTableTests {
    /// A deterministic generator, so a failure replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func randomInsertsUpdatesAndRemovalsMatchADictionary(seed: UInt64) {
        var generator = Generator(state: seed)
        var table = IntegerKeyedTable<Int>()
        var reference: [Int64: Int] = [:]
        // Few distinct keys, so removals often sit in the middle of probe runs.
        for step in 0..<20_000 {
            let key = Int64.random(in: -300...300, using: &generator)
            if Bool.random(using: &generator) {
                #expect(table.updateValue(step, forKey: key) == reference.updateValue(step, forKey: key))
            } else {
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            }
            #expect(table.count == reference.count)
        }
        for key in Int64(-300)...300 {
            #expect(table[key] == reference[key], "key \(key)")
        }
        #expect(table.values.sorted() == reference.values.sorted())
    }

    @Test func removingFromTheMiddleOfAProbeRunKeepsLaterEntriesReachable() {
        var table = IntegerKeyedTable<String>()
        table.reserveCapacity(6)   // 8 slots: 40 keys collide and wrap around the end
        var keys = Array(Int64(0)..<40)
        for key in keys { table[key] = "v\(key)" }
        var generator = Generator(state: 9)
        keys.shuffle(using: &generator)
        for (removedCount, key) in keys.enumerated() {
            #expect(table.removeValue(forKey: key) == "v\(key)")
            for remaining in keys[(removedCount + 1)...] {
                #expect(table[remaining] == "v\(remaining)")
            }
            #expect(table[key] == nil)
        }
        #expect(table.count == 0)
    }

    @Test func growingKeepsEveryEntryAndReservingAvoidsGrowth() {
        var table = IntegerKeyedTable<Int64>()
        for key in Int64(1)...100_000 { table[key] = key * 2 }
        #expect(table.count == 100_000)
        #expect((Int64(1)...100_000).allSatisfy { table[$0] == $0 * 2 })
        #expect(table[0] == nil && table[100_001] == nil)
        table[5] = nil
        #expect(table[5] == nil && table.count == 99_999)
    }

    @Test func sequentialKeysKeepTheirOwnSlots() {
        var table = IntegerKeyedTable<Int64>()
        table.reserveCapacity(50_000)
        for key in Int64(1)...50_000 { table[key] = key }
        #expect(!table.isMixing)
        // Every key in its home slot: removals and misses look at one slot, not the whole run.
        #expect(table.longestDisplacement == 0)
        for key in Int64(1)...25_000 { table[key] = nil }
        #expect(table.count == 25_000 && table[25_001] == 25_001 && table[(1 << 20) + 30_000] == nil)
    }

    @Test(arguments: [Int64(1) << 20, 65_536])
    func keysThatCrowdOneSlotSwitchTheTableToMixing(stride: Int64) {
        var table = IntegerKeyedTable<Int64>()
        let keys = (1...Int64(2_000)).map { $0 * stride }
        for key in keys { table[key] = key }
        #expect(table.isMixing)
        #expect(keys.allSatisfy { table[$0] == $0 })
        for key in keys.prefix(1_000) { table[key] = nil }
        #expect(keys.prefix(1_000).allSatisfy { table[$0] == nil })
        #expect(keys.dropFirst(1_000).allSatisfy { table[$0] == $0 })
    }

    @Test func twoDistantRangesSwitchTheTableToMixing() {
        var table = IntegerKeyedTable<Int64>()
        table.reserveCapacity(20_000)   // 32,768 slots: the second range lands on the first
        let keys = Array(Int64(1)...10_000) + Array(Int64(1 << 40)...((1 << 40) + 9_999))
        for key in keys { table[key] = key }
        #expect(table.isMixing)
        #expect(keys.allSatisfy { table[$0] == $0 })
    }

    @Test func extremeKeysAreOrdinaryKeys() {
        var table = IntegerKeyedTable<Int>()
        for (index, key) in [Int64.min, -1, 0, 1, Int64.max].enumerated() { table[key] = index }
        #expect(table[.min] == 0 && table[-1] == 1 && table[0] == 2 && table[1] == 3 && table[.max] == 4)
    }
}
