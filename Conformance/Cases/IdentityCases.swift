import Foundation
import StrataCore

/// Temporary and permanent identifiers, remapping on save, and one object per row in a context.
enum IdentityCases {
    static let all: [ConformanceCase] = [1, 10, 250].map(distinctPermanentIdentifiers) + [
        changesExactlyOnce, sameObjectAcrossSave, fetchTwiceSameObject, fetchReturnsInsertedObject,
        failedSaveKeepsTemporary, modelForIdentifier, registeredModelForIdentifier, codableIdentifier,
    ] + IdentityCases.relationships + IdentityCases.keyLookups

    /// `count` inserts in one save get `count` distinct permanent identifiers of this store.
    static func distinctPermanentIdentifiers(_ count: Int) -> ConformanceCase {
        ConformanceCase("identity.insert.distinctPermanent.\(count)", category: "identity") { environment in
            let container = try environment.makeContainer()
            let context = ModelContext(container)
            let rows = (0..<count).map { Row(tag: "r\($0)", int: $0) }
            for row in rows { context.insert(row) }
            try Check.that(rows.allSatisfy { $0.persistentModelID.isTemporary }, "inserted models have temporary identifiers")
            try Check.equal(Set(rows.map(\.persistentModelID)).count, count, "temporary identifiers are distinct")
            try context.save()
            let identifiers = rows.map(\.persistentModelID)
            try Check.that(identifiers.allSatisfy { !$0.isTemporary }, "saved models have permanent identifiers")
            try Check.that(identifiers.allSatisfy { $0.storeIdentifier == container.dataStore.identifier }, "storeIdentifier names the store")
            try Check.that(identifiers.allSatisfy { $0.entityName == "Row" }, "entityName is Row")
            try Check.equal(Set(identifiers).count, count, "permanent identifiers are distinct")
            let fetched = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Row>())
            try Check.sameElements(fetched, identifiers, "a new context sees exactly those identifiers")
        }
    }

    /// Temporary before the first save, permanent after it, unchanged by later saves.
    static let changesExactlyOnce = ConformanceCase("identity.remap.changesExactlyOnce", category: "identity") { environment in
        let context = try environment.makeContext()
        let row = Row(tag: "a")
        context.insert(row)
        let temporary = row.persistentModelID
        try Check.that(temporary.isTemporary, "temporary before save")
        try Check.equal(row.persistentModelID, temporary, "reading the identifier again does not change it")
        try context.save()
        let permanent = row.persistentModelID
        try Check.that(!permanent.isTemporary, "permanent after save")
        try Check.that(permanent != temporary, "the permanent identifier replaces the temporary one")
        try context.save()
        try Check.equal(row.persistentModelID, permanent, "a save with nothing pending keeps the identifier")
        row.int = 7
        try context.save()
        try Check.equal(row.persistentModelID, permanent, "a save of an update keeps the identifier")
        context.insert(Row(tag: "b"))
        try context.save()
        try Check.equal(row.persistentModelID, permanent, "a save of other inserts keeps the identifier")
    }

    /// The model object stays the same across its save and is registered under the new identifier.
    static let sameObjectAcrossSave = ConformanceCase("identity.remap.sameObject", category: "identity") { environment in
        let context = try environment.makeContext()
        let row = Row(tag: "a")
        context.insert(row)
        let temporary = row.persistentModelID
        let before: Row? = context.registeredModel(for: temporary)
        try Check.that(before === row, "registered under the temporary identifier before save")
        try context.save()
        let after: Row? = context.registeredModel(for: row.persistentModelID)
        try Check.that(after === row, "registered under the permanent identifier after save")
        let stale: Row? = context.registeredModel(for: temporary)
        try Check.that(stale == nil, "nothing is registered under the temporary identifier after save")
        try Check.that(row.modelContext === context, "the model still belongs to its context")
        try Check.that(!row.hasChanges, "the saved model has no changes")
    }

    /// Fetching the same row twice in one context returns one object.
    static let fetchTwiceSameObject = ConformanceCase("identity.fetch.sameObjectTwice", category: "identity") { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2)], in: container)
        let context = ModelContext(container)
        let first = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.tag == "a" }))
        let all = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        try Check.equal(first.count, 1, "one row tagged a")
        try Check.equal(all.map(\.tag), ["a", "b"], "both rows")
        try Check.that(first[0] === all[0], "the second fetch returns the object of the first")
        let again = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.int == 1 }))
        try Check.that(again.first === first[0], "a third fetch with another predicate returns it too")
    }

    /// After a save, fetching in the inserting context returns the inserted object itself.
    static let fetchReturnsInsertedObject = ConformanceCase("identity.fetch.returnsInsertedObject", category: "identity") { environment in
        let context = try environment.makeContext()
        let row = Row(tag: "a", int: 5)
        context.insert(row)
        try context.save()
        let fetched = try context.fetch(FetchDescriptor<Row>())
        try Check.equal(fetched.count, 1, "one row")
        try Check.that(fetched[0] === row, "the fetch returns the inserted object")
    }

    /// A save that fails leaves every inserted model with its temporary identifier; the retry assigns permanent ones.
    static let failedSaveKeepsTemporary = ConformanceCase("identity.failedSave.keepsTemporary", category: "identity") { environment in
        let container = try environment.makeContainer(intercepting: AtomicityCases.failing(saves: [1]))
        let failing = ModelContext(container)
        let owner = Owner(name: "o")
        let pet = Pet(name: "p", owner: owner)
        failing.insert(owner)
        failing.insert(pet)
        let temporaries = [owner.persistentModelID, pet.persistentModelID]
        try Check.throwsError("the injected fault fails the save", matching: { $0 is InjectedFault }) { try failing.save() }
        try Check.equal([owner.persistentModelID, pet.persistentModelID], temporaries, "identifiers are unchanged after the failed save")
        try Check.that(temporaries.allSatisfy(\.isTemporary), "and still temporary")
        let registered: Owner? = failing.registeredModel(for: temporaries[0])
        try Check.that(registered === owner, "still registered under the temporary identifier")
        try Check.that(pet.owner === owner, "the relationship still points at the owner object")
        try failing.save()
        try Check.that(!owner.persistentModelID.isTemporary && !pet.persistentModelID.isTemporary, "the retry assigns permanent identifiers")
        let reader = ModelContext(container)
        let pets = try reader.fetch(FetchDescriptor<Pet>())
        try Check.equal(pets.map(\.owner?.persistentModelID), [owner.persistentModelID], "the retry stored the pet linked to the owner's permanent identifier")
    }

    /// `model(for:)` returns the registered object, or in another context a model loaded from the store.
    static let modelForIdentifier = ConformanceCase("identity.lookup.modelFor", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let row = Row(tag: "a", int: 11, optString: "s")
        context.insert(row)
        try context.save()
        let identifier = row.persistentModelID
        try Check.that(context.model(for: identifier) as? Row === row, "model(for:) in the saving context returns the object")

        let other = ModelContext(container)
        guard let loaded = other.model(for: identifier) as? Row else { throw ConformanceFailure(message: "model(for:) in a new context returns a Row") }
        try Check.that(loaded !== row, "another context has its own object")
        try Check.equal(loaded.persistentModelID, identifier, "with the same identifier")
        try Check.equal(loaded.tag, "a", "loaded tag")
        try Check.equal(loaded.int, 11, "loaded int")
        try Check.equal(loaded.optString, "s", "loaded optString")
        let fetched = try other.fetch(FetchDescriptor<Row>())
        try Check.that(fetched.first === loaded, "a later fetch returns the object model(for:) loaded")
    }

    /// `registeredModel(for:)` sees only models the context holds, of the asked type.
    static let registeredModelForIdentifier = ConformanceCase("identity.lookup.registeredModel", category: "identity") { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a")], in: container)
        let context = ModelContext(container)
        let identifier = try context.fetchIdentifiers(FetchDescriptor<Row>())[0]
        let other = ModelContext(container)
        let before: Row? = other.registeredModel(for: identifier)
        try Check.that(before == nil, "a context that has not fetched the row has not registered it")
        let fetched = try other.fetch(FetchDescriptor<Row>())[0]
        let after: Row? = other.registeredModel(for: identifier)
        try Check.that(after === fetched, "after a fetch the row is registered")
        let wrongType: Pet? = other.registeredModel(for: identifier)
        try Check.that(wrongType == nil, "asking for another type gives nil")
    }

    /// Identifiers survive a JSON round trip and still name their row.
    static let codableIdentifier = ConformanceCase("identity.codable.roundTrip", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let row = Row(tag: "coded", int: 3)
        context.insert(row)
        let temporary = row.persistentModelID
        let decodedTemporary = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(temporary))
        try Check.equal(decodedTemporary, temporary, "a temporary identifier round-trips")
        try Check.that(decodedTemporary.isTemporary, "and stays temporary")
        try context.save()
        let permanent = row.persistentModelID
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(permanent))
        try Check.equal(decoded, permanent, "a permanent identifier round-trips")
        try Check.equal(decoded.hashValue, permanent.hashValue, "with the same hash")
        let reader = ModelContext(container)
        let loaded = reader.model(for: decoded) as? Row
        try Check.equal(loaded?.tag, "coded", "the decoded identifier names the row in a new context")
    }
}
