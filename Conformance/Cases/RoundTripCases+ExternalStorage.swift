import Foundation
import StrataCore

/// `@Attribute(.externalStorage)` values round-trip exactly, and queries on the model's other
/// attributes answer as usual, whatever the store does with the large value.
extension RoundTripCases {
    static let externalStorage = ConformanceCase("roundTrip.externalStorage.largeData", category: "roundTrip") { environment in
        let container = try environment.makeContainer(for: [Attachment.self])
        let large = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let context = ModelContext(container)
        context.insert(Attachment(payload: large, name: "big"))
        context.insert(Attachment(payload: Data(), name: "empty"))
        try context.save()
        let reader = ModelContext(container)
        let big = try reader.fetch(FetchDescriptor<Attachment>(predicate: #Predicate { $0.size > 1_000 }))
        try Check.equal(big.map(\.name), ["big"], "a predicate on an attribute stored beside the large value")
        try Check.that(big.first?.payload == large, "the 3 MB value round-trips byte for byte")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Attachment>(predicate: #Predicate { $0.name == "empty" })), 1, "count by name")
        try Check.equal(try reader.fetch(FetchDescriptor<Attachment>(predicate: #Predicate { $0.name == "empty" })).first?.payload, Data(), "the empty value")
    }
}
