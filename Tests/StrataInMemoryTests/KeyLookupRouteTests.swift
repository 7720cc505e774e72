import StrataConformance
import StrataCore
import StrataInMemory
import Synchronization
import Testing

/// A fetch whose predicate is only `$0.persistentModelID == id` is answered by reading that row
/// by key (the store's `cachedSnapshots`, as `model(for:)` loads a model) instead of asking the
/// store to plan a query; every other fetch still goes to the store's `fetch`. The answers
/// themselves are pinned on every store by the `identity.keyLookup` conformance cases.
@Suite struct KeyLookupRouteTests {
    /// The store operations a context sent, in order.
    final class Recorder: Sendable {
        let operations = Mutex<[Interceptor.Operation]>([])
        var interceptor: Interceptor { Interceptor { [self] call in operations.withLock { $0.append(call.operation) } } }
        func take() -> [Interceptor.Operation] {
            operations.withLock { recorded in
                defer { recorded = [] }
                return recorded
            }
        }
    }

    private func seeded(_ recorder: Recorder) throws -> (ModelContainer, PersistentIdentifier) {
        let configuration = InterceptingConfiguration(wrapping: InMemoryConfiguration(), interceptor: recorder.interceptor)
        let container = try ModelContainer(for: Schema([Owner.self, Pet.self]), configurations: [configuration])
        let seed = ModelContext(container)
        let ann = Owner(name: "ann")
        seed.insert(ann)
        seed.insert(Owner(name: "bob"))
        try seed.save()
        _ = recorder.take()
        return (container, ann.persistentModelID)
    }

    private func lookup(_ id: PersistentIdentifier) -> FetchDescriptor<Owner> {
        var descriptor = FetchDescriptor<Owner>(predicate: #Predicate { $0.persistentModelID == id })
        descriptor.fetchLimit = 1
        return descriptor
    }

    @Test func aLookupByIdentifierReadsTheRowByKey() throws {
        let recorder = Recorder()
        let (container, id) = try seeded(recorder)
        let context = ModelContext(container)
        let found = try context.fetch(lookup(id))
        #expect(found.map(\.name) == ["ann"])
        #expect(recorder.take() == [.cachedSnapshots])
        // The other spelling, and the same object for the same row.
        let again = try context.fetch(FetchDescriptor<Owner>(predicate: #Predicate { id == $0.persistentModelID }))
        #expect(again.count == 1 && again[0] === found[0])
        #expect(recorder.take() == [.cachedSnapshots])
    }

    @Test func anAsyncLookupByIdentifierReadsTheRowByKey() async throws {
        let recorder = Recorder()
        let (container, id) = try seeded(recorder)
        let found = try await ModelContext(container).async.fetch(lookup(id))
        #expect(found.map(\.name) == ["ann"])
        #expect(recorder.take() == [.cachedSnapshots])
    }

    @Test func otherFetchesAskTheStore() throws {
        let recorder = Recorder()
        let (container, id) = try seeded(recorder)
        let context = ModelContext(container)
        _ = try context.fetch(FetchDescriptor<Owner>(predicate: #Predicate { $0.persistentModelID == id && $0.name == "ann" }))
        var windowed = lookup(id)
        windowed.fetchOffset = 1
        #expect(try context.fetch(windowed).isEmpty)
        var prefetching = lookup(id)
        prefetching.relationshipKeyPathsForPrefetching = [\.pets]
        _ = try context.fetch(prefetching)
        #expect(recorder.take() == [.fetch, .fetch, .fetch])
        // Pending changes of the entity are merged with what the store returns.
        context.insert(Owner(name: "cy"))
        #expect(try context.fetch(lookup(id)).map(\.name) == ["ann"])
        #expect(recorder.take() == [.fetch])
    }

    @Test func aLookupOfARowDeletedElsewhereFindsNothing() throws {
        let recorder = Recorder()
        let (container, id) = try seeded(recorder)
        let context = ModelContext(container)
        #expect(try context.fetch(lookup(id)).count == 1)
        let other = ModelContext(container)
        other.delete(try #require(other.model(for: id) as? Owner))
        try other.save()
        #expect(try context.fetch(lookup(id)).isEmpty)
    }
}
