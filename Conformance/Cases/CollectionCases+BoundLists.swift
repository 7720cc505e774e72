import Foundation
import StrataCore

/// `contains` over lists of 2,000 values and more, of every type SQL stores compare, with the
/// edge values of ``ComparisonCases/allTypesRows()``: lists long enough that a SQL store binds
/// them as one value rather than one bind per value, so its encoding must keep every value exact.
extension CollectionCases {
    static var boundLists: [ConformanceCase] {
        let count = 2_000
        let ints = (0..<count).map { $0 * 7 + 100 } + [Int.min, Int.max]
        let doubles = (0..<count).map { Double($0) / 3 + 0.1 } + [0.0, .nan]
        let negativeInfinity = (0..<count).map { Double($0) + 0.5 } + [-.infinity]
        let floats = (0..<count).map { Float($0) + 0.25 } + [1.5]
        let strings = (0..<count).map { "s\($0) \"q\" \\ , {} ' é" } + ["Z"]
        let stringsWithNUL = (0..<count).map { "s\($0)" } + ["a\0b", ""]
        let data = (0..<count).map { Data([UInt8($0 % 256), UInt8($0 / 256), 7]) } + [Data()]
        let uuids = (0..<count).map { UUID(uuid: (1, UInt8($0 % 256), UInt8($0 / 256), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9)) } + [ComparisonCases.uuidHi]
        let dates = (0..<count).map { Date(timeIntervalSince1970: Double($0) * 1.25 + 3) } + [Date(timeIntervalSince1970: 0.5), .distantFuture]
        let decimals = (0..<count).map { Decimal($0) + Decimal(string: "0.25")! } + [ComparisonCases.decimalLo]
        let int64s = ints.map(Int64.init)
        let falses = Array(repeating: false, count: count)
        let moods = Array(repeating: Mood.tense, count: count)
        let levels = Array(repeating: Level.high, count: count)
        let optionalData: [Data?] = data + [nil]
        let optionalUUIDs: [UUID?] = uuids + [nil]
        let optionalDecimals: [Decimal?] = decimals + [Decimal(string: "1.5")!]
        return [
            boundListCase("ints", #Predicate { ints.contains($0.int) }, ["lo", "hi"]),
            boundListCase("int64s", #Predicate { !int64s.contains($0.int64) }, ["mid"]),
            boundListCase("doublesNegativeZeroAndNaN", #Predicate { doubles.contains($0.double) }, ["mid"]),
            boundListCase("doublesInfinity", #Predicate { negativeInfinity.contains($0.double) }, ["lo"]),
            boundListCase("floats", #Predicate { floats.contains($0.float) }, ["mid"]),
            boundListCase("strings", #Predicate { strings.contains($0.string) }, ["mid"]),
            boundListCase("stringsWithNUL", #Predicate { stringsWithNUL.contains($0.string) }, ["lo"]),
            boundListCase("data", #Predicate { data.contains($0.data) }, ["lo"]),
            boundListCase("uuids", #Predicate { uuids.contains($0.uuid) }, ["hi"]),
            boundListCase("dates", #Predicate { dates.contains($0.date) }, ["mid", "hi"]),
            boundListCase("decimals", #Predicate { decimals.contains($0.decimal) }, ["lo"]),
            boundListCase("bools", #Predicate { falses.contains($0.bool) }, ["lo"]),
            boundListCase("stringEnums", #Predicate { moods.contains($0.mood) }, ["mid"]),
            boundListCase("intEnums", #Predicate { levels.contains($0.level) }, ["hi"]),
            boundListCase("optionalDataWithNil", #Predicate { optionalData.contains($0.optData) }, ["lo", "mid"]),
            boundListCase("optionalUUIDsWithNil", #Predicate { optionalUUIDs.contains($0.optUUID) }, ["lo", "hi"]),
            boundListCase("notOptionalDecimalsKeepsNil", #Predicate { !optionalDecimals.contains($0.optDecimal) }, ["lo", "mid"]),
            identifierListCase(),
        ]
    }

    static func boundListCase(_ id: String, _ predicate: Predicate<AllTypes>, _ expected: [String]) -> ConformanceCase {
        ComparisonCases.allTypesCase(id, predicate, expected, prefix: "\(category).boundList", category: category)
    }

    /// `identifiers.contains($0.persistentModelID)` with 2,000 identifiers of rows that do not exist.
    static func identifierListCase() -> ConformanceCase {
        ConformanceCase("\(category).boundList.identifiers", category: category) { environment in
            let container = try environment.makeContainer()
            try ComparisonCases.saveAllTypesRows(in: container)
            let stored = try ModelContext(container).fetch(FetchDescriptor<AllTypes>())
            let wanted = stored.filter { $0.tag != "mid" }.map(\.persistentModelID)
            let absent = (0..<2_000).map { index in
                PersistentIdentifier(storeIdentifier: wanted[0].storeIdentifier, entityName: wanted[0].entityName, primaryKey: .integer(1_000_000 + Int64(index)))
            }
            let identifiers = absent + wanted
            try Fixtures.checkFetch(#Predicate<AllTypes> { identifiers.contains($0.persistentModelID) }, in: container, tag: \.tag, ["lo", "hi"])
        }
    }
}
