import Foundation
import StrataCore

/// `FetchDescriptor.relationshipKeyPathsForPrefetching`: the fetch returns exactly what it
/// returns without, and the prefetched models are read afterwards without another store call.
enum PrefetchCases {
    static let all: [ConformanceCase] = [toOneSameResults, toOneNoLaterStoreCall, toManyNoLaterStoreCall, manyToManyNoLaterStoreCall, keepsIdentity, evaluatedInMemory] + partialCases

    /// Pets with their owners, described as text (`pet>owner`), sorted.
    static func describe(_ pets: [Pet]) -> [String] {
        pets.map { "\($0.name)>\($0.owner?.name ?? "-")" }.sorted()
    }

    /// Saves ann (rex, tom), bob (max), and a pet without owner (stray).
    static func savePets(in container: ModelContainer) throws {
        try DeleteRuleCases.saveOwners(in: container)
        let context = ModelContext(container)
        context.insert(Pet(name: "stray"))
        try context.save()
    }

    /// Prefetching owners changes nothing in what pets and their owners read.
    static let toOneSameResults = ConformanceCase("prefetch.toOne.sameResults", category: "prefetch") { environment in
        let container = try environment.makeContainer()
        try savePets(in: container)
        var prefetching = FetchDescriptor<Pet>()
        prefetching.relationshipKeyPathsForPrefetching = [\Pet.owner]
        let (plainContext, prefetchingContext) = (ModelContext(container), ModelContext(container))
        let plain = describe(try plainContext.fetch(FetchDescriptor<Pet>()))
        try Check.equal(describe(try prefetchingContext.fetch(prefetching)), plain, "pets and owners with prefetching")
        try Check.equal(plain, ["max>bob", "rex>ann", "stray>-", "tom>ann"], "pets and owners")
    }

    /// Fetches with `descriptor` in a new context and describes the models, checking that
    /// describing them (which reads the prefetched relationships) makes no store call.
    static func readPrefetched<T: PersistentModel>(
        _ container: ModelContainer, _ interceptor: Interceptor, _ descriptor: FetchDescriptor<T>, describe: ([T]) -> [String]
    ) throws -> [String] {
        let context = ModelContext(container)
        let models = try context.fetch(descriptor)
        let calls = interceptor.callCount
        let described = describe(models)
        try Check.equal(interceptor.callCount - calls, 0, "store calls while reading the prefetched models")
        return described
    }

    /// After a fetch that prefetches `owner`, reading every pet's owner calls the store no more.
    static let toOneNoLaterStoreCall = ConformanceCase("prefetch.toOne.noLaterStoreCall", category: "prefetch") { environment in
        let interceptor = Interceptor()
        let container = try environment.makeContainer(intercepting: interceptor)
        try savePets(in: container)
        var descriptor = FetchDescriptor<Pet>()
        descriptor.relationshipKeyPathsForPrefetching = [\Pet.owner]
        try Check.equal(try readPrefetched(container, interceptor, descriptor, describe: describe), ["max>bob", "rex>ann", "stray>-", "tom>ann"], "pets and owners")
    }

    /// After a fetch that prefetches `pets`, reading every owner's pets calls the store no more.
    static let toManyNoLaterStoreCall = ConformanceCase("prefetch.toMany.noLaterStoreCall", category: "prefetch") { environment in
        let interceptor = Interceptor()
        let container = try environment.makeContainer(intercepting: interceptor)
        try savePets(in: container)
        var descriptor = FetchDescriptor<Owner>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\Owner.pets]
        let pets = try readPrefetched(container, interceptor, descriptor) { owners in
            owners.map { "\($0.name):" + $0.pets.map(\.name).sorted().joined(separator: ",") }
        }
        try Check.equal(pets, ["ann:rex,tom", "bob:max"], "owners and their pets")
    }

    /// Prefetching through a many-to-many relationship loads the other side's models.
    static let manyToManyNoLaterStoreCall = ConformanceCase("prefetch.manyToMany.noLaterStoreCall", category: "prefetch") { environment in
        let interceptor = Interceptor()
        let container = try environment.makeContainer(intercepting: interceptor)
        let setup = ModelContext(container)
        let (ann, bob) = (Student(name: "ann"), Student(name: "bob"))
        let (math, art) = (Course(title: "math"), Course(title: "art"))
        for model in [ann, bob] as [any PersistentModel] { setup.insert(model) }
        ann.courses = [math, art]
        bob.courses = [math]
        try setup.save()
        var descriptor = FetchDescriptor<Student>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\Student.courses]
        let courses = try readPrefetched(container, interceptor, descriptor) { students in
            students.map { "\($0.name):" + $0.courses.map(\.title).sorted().joined(separator: ",") }
        }
        try Check.equal(courses, ["ann:art,math", "bob:math"], "students and their courses")
    }

    /// A prefetched model is the one the context already holds, and stays one object per row.
    static let keepsIdentity = ConformanceCase("prefetch.keepsIdentity", category: "prefetch") { environment in
        let container = try environment.makeContainer()
        try savePets(in: container)
        let context = ModelContext(container)
        let ann = try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == "ann" })
        var descriptor = FetchDescriptor<Pet>()
        descriptor.relationshipKeyPathsForPrefetching = [\Pet.owner]
        let pets = try context.fetch(descriptor)
        let owners = pets.compactMap(\.owner)
        try Check.that(owners.filter { $0.name == "ann" }.allSatisfy { $0 === ann }, "ann's pets point at the ann the context holds")
        let bobs = owners.filter { $0.name == "bob" }
        let bob = try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == "bob" })
        try Check.that(!bobs.isEmpty && bobs.allSatisfy { $0 === bob }, "a prefetched owner is the one a later fetch returns")
    }

    /// A predicate the store cannot translate is evaluated in memory, and prefetching still
    /// loads the owners of the pets that match.
    static let evaluatedInMemory = ConformanceCase("prefetch.evaluatedInMemory", category: "prefetch") { environment in
        let interceptor = Interceptor { call in
            if call.operation == .fetch && call.hasPredicate { throw DataStoreError.preferInMemoryFilter }
        }
        let container = try environment.makeContainer(intercepting: interceptor)
        try savePets(in: container)
        var descriptor = FetchDescriptor<Pet>(predicate: #Predicate { $0.name != "max" })
        descriptor.relationshipKeyPathsForPrefetching = [\Pet.owner]
        try Check.equal(try readPrefetched(container, interceptor, descriptor, describe: describe), ["rex>ann", "stray>-", "tom>ann"], "pets and owners")
    }
}
