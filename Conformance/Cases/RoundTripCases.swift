import Foundation
import StrataCore

/// Every `AllTypes` attribute's edge values, saved and read back through a new context, and used in an equality filter.
enum RoundTripCases {
    static let all: [ConformanceCase] = (integers + floatingPoint + text + dates(tolerance: 0) + values + optionals).map(makeCase)
        + [unencodableUInt64, externalStorage] + ephemeralCases

    /// One value written to one attribute of a `target` row (next to a `decoy` row holding another
    /// value), the check applied to what a new context reads back, and an equality filter with the
    /// tags Swift's own evaluation of it gives.
    struct Sample: Sendable {
        let name: String
        let write: @Sendable (_ target: AllTypes, _ decoy: AllTypes) -> Void
        let verify: @Sendable (_ target: AllTypes, _ decoy: AllTypes) throws -> Void
        let filter: Predicate<AllTypes>
        let matches: [String]
        /// Features a backend needs to keep this value exactly.
        var requires: Set<BackendCapabilities.Feature> = []

        /// The same sample, run only on backends with `feature`.
        func requiring(_ feature: BackendCapabilities.Feature) -> Sample {
            var copy = self
            copy.requires.insert(feature)
            return copy
        }
    }

    /// A sample for `keyPath`: `value` on the target, `decoy` on the other row; `same` decides
    /// whether a read-back value is the written one; `filter` builds the equality predicate for a value.
    static func sample<Value: Sendable>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<AllTypes, Value> & Sendable, _ value: Value, decoy: Value,
        matches: [String] = ["target"], same: @escaping @Sendable (Value, Value) -> Bool,
        filter: (Value) -> Predicate<AllTypes>
    ) -> Sample {
        Sample(
            name: name,
            write: { target, other in
                target[keyPath: keyPath] = value
                other[keyPath: keyPath] = decoy
            },
            verify: { target, other in
                let read = target[keyPath: keyPath]
                guard same(read, value) else {
                    throw ConformanceFailure(message: "\(name) read back through a new context", expected: describe(value), actual: describe(read))
                }
                let readDecoy = other[keyPath: keyPath]
                guard same(readDecoy, decoy) else {
                    throw ConformanceFailure(message: "\(name) decoy read back through a new context", expected: describe(decoy), actual: describe(readDecoy))
                }
            },
            filter: filter(value),
            matches: matches)
    }

    /// A sample whose read-back value must be `==` to the written one.
    static func sample<Value: Equatable & Sendable>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<AllTypes, Value> & Sendable, _ value: Value, decoy: Value,
        matches: [String] = ["target"], filter: (Value) -> Predicate<AllTypes>
    ) -> Sample {
        sample(name, keyPath, value, decoy: decoy, matches: matches, same: { $0 == $1 }, filter: filter)
    }

    /// Saves the sample's two rows, reads the target back in a new context, then runs the filter in another one.
    static func makeCase(_ sample: Sample) -> ConformanceCase {
        ConformanceCase("roundTrip.\(sample.name)", category: "roundTrip", requires: sample.requires) { environment in
            let container = try environment.makeContainer()
            let writer = ModelContext(container)
            let target = AllTypes(tag: "target")
            let decoy = AllTypes(tag: "decoy")
            sample.write(target, decoy)
            writer.insert(target)
            writer.insert(decoy)
            try writer.save()

            let reader = ModelContext(container)
            let targets = try reader.fetch(FetchDescriptor<AllTypes>(predicate: #Predicate { $0.tag == "target" }))
            let decoys = try reader.fetch(FetchDescriptor<AllTypes>(predicate: #Predicate { $0.tag == "decoy" }))
            try Check.equal(targets.count, 1, "one target row in the store")
            try Check.equal(decoys.count, 1, "one decoy row in the store")
            try sample.verify(targets[0], decoys[0])

            let filtered = try ModelContext(container).fetch(FetchDescriptor<AllTypes>(predicate: sample.filter))
            try Check.sameElements(filtered.map(\.tag), sample.matches, "rows matching an equality filter on the value")
        }
    }

    /// `UInt64` above `Int64.max` has no persisted form: the save throws and writes nothing.
    static let unencodableUInt64 = ConformanceCase("roundTrip.uint64.aboveInt64MaxRejected", category: "roundTrip") { environment in
        let container = try environment.makeContainer()
        let seed = ModelContext(container)
        let existing = AllTypes(tag: "existing")
        existing.uint64 = 5
        seed.insert(existing)
        try seed.save()

        let context = ModelContext(container)
        let stored = try context.fetch(FetchDescriptor<AllTypes>())
        try Check.equal(stored.count, 1, "the seeded row")
        stored[0].int = 42
        let tooBig = AllTypes(tag: "tooBig")
        tooBig.uint64 = UInt64.max
        context.insert(tooBig)
        try Check.throwsError("saving UInt64.max throws valueNotEncodable", matching: { ($0 as? SwiftDataError) == .valueNotEncodable }) {
            try context.save()
        }
        try Check.that(context.hasChanges, "the failed context keeps its pending changes")
        try Check.that(tooBig.persistentModelID.isTemporary, "the rejected insert keeps its temporary identifier")

        let reader = ModelContext(container)
        let rows = try reader.fetch(FetchDescriptor<AllTypes>())
        try Check.equal(rows.map(\.tag), ["existing"], "the store holds only the seeded row")
        try Check.equal(rows[0].int, 0, "the update saved alongside the rejected insert is not written")
        try Check.equal(rows[0].uint64, 5, "the seeded row's uint64 is unchanged")
    }

    static func describe<Value>(_ value: Value) -> String {
        let text = String(describing: value)
        return text.count > 200 ? "\(text.prefix(200))… (\(text.count) characters)" : text
    }
}
