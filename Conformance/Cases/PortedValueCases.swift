import Foundation
import StrataCore

/// Value shapes found by porting real SwiftData code with only the import changed: each reads,
/// saves and filters as it does under SwiftData.
enum PortedValueCases {
    static let category = "ported"

    static let all: [ConformanceCase] = [optionalDefaults, optionalDefaultsMigrated, optionalDefaultsEvolved] + transformableCases

    /// `p` as `flag:count:label:tier`, `nil` spelled out.
    static func describe(_ p: Preference) -> String {
        "\(p.flag.map(String.init) ?? "nil"):\(p.count.map(String.init) ?? "nil"):\(p.label ?? "nil"):\(p.tier?.rawValue ?? "nil")"
    }

    /// `var flag: Bool? = false` and friends: a model inserted without setting them reads and
    /// stores the default, one set to nil reads nil, and predicates on them answer as Swift does.
    static let optionalDefaults = ConformanceCase("\(category).optionalDefault.roundTrip", category: category) { environment in
        let container = try environment.makeContainer(for: [Preference.self])
        let context = ModelContext(container)
        let unset = Preference(name: "unset")
        try Check.equal(describe(unset), "false:0::free", "a new model reads the declared defaults")
        let set = Preference(name: "set")
        (set.flag, set.count, set.label, set.tier) = (true, 5, "x", .pro)
        let cleared = Preference(name: "cleared")
        (cleared.flag, cleared.count, cleared.label, cleared.tier) = (nil, nil, nil, nil)
        for model in [unset, set, cleared] { context.insert(model) }
        try context.save()

        let reader = ModelContext(container)
        let read = try reader.fetch(FetchDescriptor<Preference>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(read.map { "\($0.name)=\(describe($0))" }, ["cleared=nil:nil:nil:nil", "set=true:5:x:pro", "unset=false:0::free"],
                        "a new context reads the defaults, the values set and the nils")
        func names(_ predicate: Predicate<Preference>) throws -> [String] {
            try reader.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.name)])).map(\.name)
        }
        try Check.equal(try names(#Predicate { $0.flag == false }), ["unset"], "`flag == false` matches the stored default")
        try Check.equal(try names(#Predicate { $0.flag != true }), ["cleared", "unset"], "`flag != true` matches nil too, as in Swift")
        try Check.equal(try names(#Predicate { $0.flag == nil }), ["cleared"], "`flag == nil`")
        try Check.equal(try names(#Predicate { $0.count == 0 }), ["unset"], "`count == 0`")
        try Check.equal(try names(#Predicate { ($0.count ?? -1) < 1 }), ["cleared", "unset"], "`(count ?? -1) < 1`")
        try Check.equal(try names(#Predicate { $0.label == "" }), ["unset"], "`label == \"\"`")
        let free = PortedTier.free
        try Check.equal(try names(#Predicate { $0.tier == free }), ["unset"], "`tier == .free`")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Preference>(predicate: #Predicate { $0.flag == false })), 1, "counted")

        read[2].flag = nil
        read[0].flag = false
        try reader.save()
        let again = try ModelContext(container).fetch(FetchDescriptor<Preference>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(again.map { $0.flag.map(String.init) ?? "nil" }, ["false", "true", "nil"], "set to nil reads nil, and nil to the default reads it")
    }

    /// A new store at ``PortedFlagV1`` with settings `a` and `b`; returns its configuration.
    /// - Throws: what opening or saving throws.
    static func seedFlagV1(_ environment: ConformanceEnvironment, plan: (any SchemaMigrationPlan.Type)?) throws -> any DataStoreConfiguration {
        let configuration = try environment.makeConfiguration()
        let container = try ModelContainer(for: Schema(versionedSchema: PortedFlagV1.self), migrationPlan: plan, configurations: [configuration])
        let context = ModelContext(container)
        context.insert(PortedFlagV1.Setting(name: "a"))
        context.insert(PortedFlagV1.Setting(name: "b"))
        try context.save()
        return configuration
    }

    /// Checks that the old rows of a store opened at ``PortedFlagV2`` hold the declared defaults,
    /// and that the new attributes save.
    /// - Throws: ``ConformanceFailure`` when they do not; what fetching or saving throws.
    static func checkFlagV2(_ container: ModelContainer) throws {
        typealias Setting = PortedFlagV2.Setting
        let context = ModelContext(container)
        let old = try context.fetch(FetchDescriptor<Setting>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(old.map { "\($0.name):\($0.flag.map(String.init) ?? "nil"):\($0.count.map(String.init) ?? "nil")" },
                        ["a:false:7", "b:false:7"], "old rows read the declared defaults")
        try Check.equal(try context.fetchCount(FetchDescriptor<Setting>(predicate: #Predicate { $0.flag == false && $0.count == 7 })), 2,
                        "the store holds the defaults")
        old[0].flag = nil
        old[1].flag = true
        context.insert(Setting(name: "c"))
        try context.save()
        let names = try ModelContext(container).fetch(FetchDescriptor<Setting>(predicate: #Predicate { $0.flag != true }, sortBy: [SortDescriptor(\.name)]))
        try Check.equal(names.map { "\($0.name):\($0.flag.map(String.init) ?? "nil")" }, ["a:nil", "c:false"], "saved after opening")
    }

    /// A lightweight stage adds `var flag: Bool? = false`: old rows read and store the default.
    static let optionalDefaultsMigrated = ConformanceCase(
        "\(category).optionalDefault.migrated", category: category, requires: MigrationCases.migrating
    ) { environment in
        let configuration = try seedFlagV1(environment, plan: PortedFlagPlan.self)
        try checkFlagV2(try ModelContainer(for: Schema(versionedSchema: PortedFlagV2.self), migrationPlan: PortedFlagPlan.self, configurations: [configuration]))
    }

    /// Opening the store with the attribute added and no plan (schema evolution) does the same.
    static let optionalDefaultsEvolved = ConformanceCase(
        "\(category).optionalDefault.evolved", category: category, requires: EvolutionCases.evolving
    ) { environment in
        let configuration = try seedFlagV1(environment, plan: nil)
        try checkFlagV2(try environment.makeContainer(for: [PortedFlagV2.Setting.self], configuration: configuration))
    }
}
