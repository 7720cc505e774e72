import StrataCore

/// Two-hop optional chains through to-one relationships, and to-many `contains(where:)`,
/// `allSatisfy`, `count` and `isEmpty` over many-to-many and one-way relationships.
enum RelationshipCases {
    static let category = "relationship"

    static let all: [ConformanceCase] = chainCases() + cityCases() + nodeCases() + studentCases() + courseCases() + playlistCases() + countCases + inferredCases
        + RelationshipCases.manyToMany + [appendExistingSeenFromEverySide, appendExistingAcrossDeclaringSide] + RelationshipCases.oneWay + faulting

    /// Countries France ("FR"), Germany (no code) and "" ("XX"); cities paris (2.1M, France),
    /// lyon (no population, France), berlin (3.6M, Germany), atlantis (0, no country) and ghost
    /// (no population, ""); residents ann→paris, bob→lyon, cid→berlin, dee→atlantis, eve (no
    /// city), fay→ghost.
    @Sendable static func world(_ context: ModelContext) {
        let france = Country(name: "France", code: "FR"), germany = Country(name: "Germany"), blank = Country(name: "", code: "XX")
        let cities = [
            City(name: "paris", population: 2_100_000, country: france), City(name: "lyon", country: france),
            City(name: "berlin", population: 3_600_000, country: germany), City(name: "atlantis", population: 0),
            City(name: "ghost", country: blank),
        ]
        for city in cities { context.insert(city) }
        let homes: [(String, Int?)] = [("ann", 0), ("bob", 1), ("cid", 2), ("dee", 3), ("eve", nil), ("fay", 4)]
        for (name, index) in homes { context.insert(Resident(name: name, city: index.map { cities[$0] })) }
    }

    /// Saves `seed`, fetches `T` with `predicate` in a fresh context, and checks the names, with
    /// `fetchCount` and `fetchIdentifiers` agreeing.
    static func graphCase<T: PersistentModel>(
        _ id: String, seed: @escaping @Sendable (ModelContext) -> Void, name: @escaping @Sendable (T) -> String,
        _ predicate: Predicate<T>, _ expected: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).\(id)", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            seed(seeding)
            try seeding.save()
            let descriptor = FetchDescriptor<T>(predicate: predicate)
            let context = ModelContext(container)
            let fetched = try context.fetch(descriptor)
            try Check.sameElements(fetched.map(name), expected, "models matching the predicate")
            try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
            try Check.sameElements(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch")
        }
    }

    static func resident(_ detail: String, _ predicate: Predicate<Resident>, _ expected: [String]) -> ConformanceCase {
        graphCase("chain.\(detail)", seed: world, name: { (model: Resident) in model.name }, predicate, expected)
    }

    /// `$0.city?.country?.x`: a nil link at either hop makes `==` false and `!=` true.
    static func chainCases() -> [ConformanceCase] {
        let none: String? = nil, germany = "Germany"
        return [
            resident("nameEquals", #Predicate { $0.city?.country?.name == "France" }, ["ann", "bob"]),
            resident("nameNotEqualsKeepsNilLinks", #Predicate { $0.city?.country?.name != "France" }, ["cid", "dee", "eve", "fay"]),
            resident("notNameEquals", #Predicate { !($0.city?.country?.name == "France") }, ["cid", "dee", "eve", "fay"]),
            resident("notNameNotEquals", #Predicate { !($0.city?.country?.name != "France") }, ["ann", "bob"]),
            resident("nameIsNil", #Predicate { $0.city?.country?.name == nil }, ["dee", "eve"]),
            resident("nameIsNotNil", #Predicate { $0.city?.country?.name != nil }, ["ann", "bob", "cid", "fay"]),
            resident("countryIsNil", #Predicate { $0.city?.country == nil }, ["dee", "eve"]),
            resident("countryIsNotNil", #Predicate { $0.city?.country != nil }, ["ann", "bob", "cid", "fay"]),
            resident("cityIsNil", #Predicate { $0.city == nil }, ["eve"]),
            resident("codeIsNilAtAnyHop", #Predicate { $0.city?.country?.code == nil }, ["cid", "dee", "eve"]),
            resident("codeNotEqualsKeepsNils", #Predicate { $0.city?.country?.code != "FR" }, ["cid", "dee", "eve", "fay"]),
            resident("codeEquals", #Predicate { $0.city?.country?.code == "FR" }, ["ann", "bob"]),
            resident("notCodeIsNil", #Predicate { !($0.city?.country?.code == nil) }, ["ann", "bob", "fay"]),
            resident("nameCoalesced", #Predicate { ($0.city?.country?.name ?? "none") == "none" }, ["dee", "eve"]),
            resident("codeCoalescedEmpty", #Predicate { ($0.city?.country?.code ?? "") == "" }, ["cid", "dee", "eve"]),
            resident("nameEqualsEmpty", #Predicate { $0.city?.country?.name == "" }, ["fay"]),
            resident("nameEqualsCapturedNil", #Predicate { $0.city?.country?.name == none }, ["dee", "eve"]),
            resident("nameNotEqualsCapturedNil", #Predicate { $0.city?.country?.name != none }, ["ann", "bob", "cid", "fay"]),
            resident("nameEqualsCaptured", #Predicate { $0.city?.country?.name == germany }, ["cid"]),
            resident("nameNotEqualsCaptured", #Predicate { $0.city?.country?.name != germany }, ["ann", "bob", "dee", "eve", "fay"]),
            resident("nameLessThanCoalesced", #Predicate { ($0.city?.country?.name ?? "~") < "G" }, ["ann", "bob", "fay"]),
            resident("populationIsNil", #Predicate { $0.city?.population == nil }, ["bob", "eve", "fay"]),
            resident("populationNotZeroKeepsNils", #Predicate { $0.city?.population != 0 }, ["ann", "bob", "cid", "eve", "fay"]),
            resident("populationCoalescedGreater", #Predicate { ($0.city?.population ?? -1) > 1_000_000 }, ["ann", "cid"]),
            resident("populationCoalescedLess", #Predicate { ($0.city?.population ?? -1) < 1 }, ["bob", "dee", "eve", "fay"]),
            resident("cityNameEquals", #Predicate { $0.city?.name == "paris" }, ["ann"]),
            resident("andAcrossHops", #Predicate { $0.city?.country?.name == "France" && $0.city?.population == nil }, ["bob"]),
            resident("orWithNilCity", #Predicate { $0.city?.country?.name == "France" || $0.city == nil }, ["ann", "bob", "eve"]),
            resident("notEqualsAndCityPresent", #Predicate { $0.city?.country?.name != "France" && $0.city != nil }, ["cid", "dee", "fay"]),
            resident("startsWithThroughChain", #Predicate { $0.city?.country?.name.starts(with: "G") == true }, ["cid"]),
            resident("notContainsThroughChain", #Predicate { $0.city?.country?.name.contains("an") != true }, ["dee", "eve", "fay"]),
            resident("residentNameAndChain", #Predicate { $0.name >= "c" && $0.city?.country?.code != "XX" }, ["cid", "dee", "eve"]),
        ]
    }

    static func city(_ detail: String, _ predicate: Predicate<City>, _ expected: [String]) -> ConformanceCase {
        graphCase("oneHop.\(detail)", seed: world, name: { (model: City) in model.name }, predicate, expected)
    }

    /// The first hop alone, on `City.country`.
    static func cityCases() -> [ConformanceCase] {
        [
            city("nameEquals", #Predicate { $0.country?.name == "France" }, ["paris", "lyon"]),
            city("codeNotEqualsKeepsNils", #Predicate { $0.country?.code != "FR" }, ["berlin", "atlantis", "ghost"]),
            city("countryIsNil", #Predicate { $0.country == nil }, ["atlantis"]),
            city("codeIsNil", #Predicate { $0.country?.code == nil }, ["berlin", "atlantis"]),
            city("populationAndCountry", #Predicate { $0.population == nil && $0.country?.name != "" }, ["lyon"]),
        ]
    }

    /// Nodes a→b→c, c and d without `next`: two hops through a self-reference.
    @Sendable static func chainOfNodes(_ context: ModelContext) {
        let c = Node(name: "c"), b = Node(name: "b", next: c)
        for node in [Node(name: "a", next: b), b, c, Node(name: "d")] { context.insert(node) }
    }

    static func node(_ detail: String, _ predicate: Predicate<Node>, _ expected: [String]) -> ConformanceCase {
        graphCase("selfChain.\(detail)", seed: chainOfNodes, name: { (model: Node) in model.name }, predicate, expected)
    }

    static func nodeCases() -> [ConformanceCase] {
        [
            node("twoHopsEquals", #Predicate { $0.next?.next?.name == "c" }, ["a"]),
            node("twoHopsNotEquals", #Predicate { $0.next?.next?.name != "c" }, ["b", "c", "d"]),
            node("twoHopsIsNil", #Predicate { $0.next?.next == nil }, ["b", "c", "d"]),
            node("oneHopNotEquals", #Predicate { $0.next?.name != "b" }, ["b", "c", "d"]),
            node("threeHopsIsNil", #Predicate { $0.next?.next?.next == nil }, ["a", "b", "c", "d"]),
        ]
    }
}
