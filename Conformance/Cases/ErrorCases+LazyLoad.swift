import StrataCore
import Synchronization

/// A relationship read that loads its models from the store and fails: the accessor (which
/// cannot throw) reads nil or an empty array, and the context's next `save()` or fetch throws the
/// store's error, once. `model(for:)` and `registeredModel(for:)` keep their meaning.
extension ErrorCases {
    static let lazyLoadCases: [ConformanceCase] = [
        lazyLoadToOne, lazyLoadToMany, lazyLoadThenSave, lazyLoadFetchCount, lazyLoadModelForIdentifier,
        lazyLoadLeftOutAttribute,
    ]

    /// Fails the store's reads by identifier (`cachedSnapshots`, how a context loads related
    /// models) while switched on.
    final class ReadFault: Sendable {
        private let isOn = Atomic(false)
        /// How many reads it failed.
        private let failures = Atomic(0)

        var failed: Int { failures.load(ordering: .relaxed) }

        func set(_ on: Bool) { isOn.store(on, ordering: .relaxed) }

        var interceptor: Interceptor {
            Interceptor { [self] call in
                guard call.operation == .cachedSnapshots, isOn.load(ordering: .relaxed) else { return }
                failures.add(1, ordering: .relaxed)
                throw InjectedFault()
            }
        }
    }

    /// A container over an intercepted store holding owner "ann" with pets "p1" and "p2".
    static func petsContainer(_ environment: ConformanceEnvironment, _ fault: ReadFault) throws -> ModelContainer {
        let container = try environment.makeContainer(intercepting: fault.interceptor, for: [Owner.self, Pet.self])
        let seed = ModelContext(container)
        let ann = Owner(name: "ann")
        seed.insert(ann)
        seed.insert(Pet(name: "p1", owner: ann))
        seed.insert(Pet(name: "p2", owner: ann))
        try seed.save()
        return container
    }

    static let lazyLoadToOne = ConformanceCase("\(category).lazyLoad.toOneFetchThrows", category: category) { environment in
        let fault = ReadFault()
        let context = ModelContext(try petsContainer(environment, fault))
        let pet = try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == "p1" })
        fault.set(true)
        try Check.that(pet.owner == nil, "a failed load reads as nil")
        try Check.that(fault.failed > 0, "the store was asked and failed")
        fault.set(false)
        try Check.throwsError("the next fetch throws the load's error", matching: AtomicityCases.isInjectedFault) {
            _ = try context.fetch(FetchDescriptor<Pet>())
        }
        try Check.equal(try context.fetch(FetchDescriptor<Pet>()).count, 2, "the fetch after it works")
        try Check.equal(pet.owner?.name, "ann", "and the relationship loads again")
    }

    /// An attribute a partial fetch left out, whose load fails: it reads its default, and the
    /// context's next fetch throws the store's error.
    static let lazyLoadLeftOutAttribute = ConformanceCase("\(category).lazyLoad.leftOutAttributeFetchThrows", category: category) { environment in
        let fault = ReadFault()
        let context = ModelContext(try petsContainer(environment, fault))
        var partial = FetchDescriptor<Owner>(predicate: #Predicate { $0.name == "ann" })
        partial.propertiesToFetch = [\.name]
        let ann = try context.fetch(partial)
        try Check.equal(ann.count, 1, "the partial fetch finds ann")
        fault.set(true)
        _ = ann[0].age
        fault.set(false)
        // A store that returns every attribute (in-memory, JSON file) never loads one later.
        guard fault.failed > 0 else { return }
        try Check.throwsError("the next fetch throws the load's error", matching: AtomicityCases.isInjectedFault) {
            _ = try context.fetch(FetchDescriptor<Owner>())
        }
        try Check.equal(try context.fetchCount(FetchDescriptor<Owner>()), 1, "the fetch after it works")
    }

    static let lazyLoadToMany = ConformanceCase("\(category).lazyLoad.toManyFetchThrows", category: category) { environment in
        let fault = ReadFault()
        let context = ModelContext(try petsContainer(environment, fault))
        let ann = try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == "ann" })
        fault.set(true)
        try Check.equal(ann.pets.count, 0, "failed loads are left out of the array")
        fault.set(false)
        try Check.throwsError("the next fetchIdentifiers throws the load's error", matching: AtomicityCases.isInjectedFault) {
            _ = try context.fetchIdentifiers(FetchDescriptor<Owner>())
        }
        try Check.sameElements(ann.pets.map(\.name), ["p1", "p2"], "the relationship loads again")
    }

    /// The next save throws, even with nothing to save; pending changes stay, and the retry writes them.
    static let lazyLoadThenSave = ConformanceCase("\(category).lazyLoad.saveThrows", category: category) { environment in
        let fault = ReadFault()
        let container = try petsContainer(environment, fault)
        let context = ModelContext(container)
        let pet = try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == "p1" })
        pet.name = "p1b"
        fault.set(true)
        try Check.that(pet.owner == nil, "a failed load reads as nil")
        fault.set(false)
        try Check.throwsError("the next save throws the load's error", matching: AtomicityCases.isInjectedFault) { try context.save() }
        try Check.sameElements(try DeleteRuleCases.names(Pet.self, container, \.name), ["p1", "p2"], "nothing is written")
        try Check.that(context.hasChanges, "the change stays pending")
        try context.save()
        try Check.sameElements(try DeleteRuleCases.names(Pet.self, container, \.name), ["p1b", "p2"], "the retry writes it")
        fault.set(true)
        try Check.that(pet.owner == nil, "another failed load")
        fault.set(false)
        try Check.throwsError("a save with nothing to save throws it too", matching: AtomicityCases.isInjectedFault) { try context.save() }
        try context.save()
    }

    static let lazyLoadFetchCount = ConformanceCase("\(category).lazyLoad.fetchCountThrows", category: category) { environment in
        let fault = ReadFault()
        let context = ModelContext(try petsContainer(environment, fault))
        let pet = try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == "p2" })
        fault.set(true)
        _ = pet.owner
        fault.set(false)
        try Check.throwsError("the next fetchCount throws the load's error", matching: AtomicityCases.isInjectedFault) {
            _ = try context.fetchCount(FetchDescriptor<Pet>())
        }
        try Check.equal(try context.fetchCount(FetchDescriptor<Pet>()), 2, "once")
    }

    /// `model(for:)` of an unregistered row whose read fails returns a model that is not
    /// registered, as for a row the store lacks, and the next fetch throws the error;
    /// `registeredModel(for:)` never reads the store.
    static let lazyLoadModelForIdentifier = ConformanceCase("\(category).lazyLoad.modelForIdentifier", category: category) { environment in
        let fault = ReadFault()
        let container = try petsContainer(environment, fault)
        let identifier = try DeleteRuleCases.one(ModelContext(container), #Predicate<Owner> { $0.name == "ann" }).persistentModelID
        let context = ModelContext(container)
        fault.set(true)
        let owner: Owner? = context.registeredModel(for: identifier)
        try Check.that(owner == nil, "registeredModel(for:) of an unregistered row is nil")
        try Check.equal(fault.failed, 0, "and reads nothing")
        _ = context.model(for: identifier)
        try Check.that(fault.failed > 0, "model(for:) asked the store")
        try Check.that((context.registeredModel(for: identifier) as Owner?) == nil, "the failed read registers nothing")
        fault.set(false)
        try Check.throwsError("the next fetch throws the read's error", matching: AtomicityCases.isInjectedFault) {
            _ = try context.fetch(FetchDescriptor<Owner>())
        }
        try Check.equal((context.model(for: identifier) as? Owner)?.name, "ann", "model(for:) loads it once the store reads again")
        try Check.that((context.registeredModel(for: identifier) as Owner?) != nil, "and registers it")
    }
}
