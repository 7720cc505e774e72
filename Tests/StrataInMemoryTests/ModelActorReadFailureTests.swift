import StrataConformance
import StrataCore
import StrataInMemory
import Synchronization
import Testing

/// Reads by identifier through a model actor's subscript.
@ModelActor actor OwnerLookup {
    func owner(_ identifier: PersistentIdentifier) -> String? {
        self[identifier, as: Owner.self]?.name
    }

    func countOwners() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Owner>())
    }
}

/// `ModelActor`'s subscript answers nil when the store's read fails, and the actor's context
/// throws that error from its next fetch (semantics rule 29).
@Suite struct ModelActorReadFailureTests {
    final class Switch: Sendable {
        let isOn = Atomic(false)
    }

    @Test func subscriptReadFailureIsThrownByTheNextFetch() async throws {
        let failing = Switch()
        let interceptor = Interceptor { call in
            if call.operation == .cachedSnapshots && failing.isOn.load(ordering: .relaxed) { throw InjectedFault() }
        }
        let configuration = InterceptingConfiguration(wrapping: InMemoryConfiguration(), interceptor: interceptor)
        let container = try ModelContainer(for: Schema([Owner.self, Pet.self]), configurations: [configuration])
        let seed = ModelContext(container)
        let ann = Owner(name: "ann")
        seed.insert(ann)
        try await seed.async.save()

        let lookup = OwnerLookup(modelContainer: container)
        failing.isOn.store(true, ordering: .relaxed)
        #expect(await lookup.owner(ann.persistentModelID) == nil)
        failing.isOn.store(false, ordering: .relaxed)
        await #expect(throws: InjectedFault.self) { try await lookup.countOwners() }
        #expect(try await lookup.countOwners() == 1)
        #expect(await lookup.owner(ann.persistentModelID) == "ann")
    }
}
