import Foundation
import StrataCore

/// `#Predicate { $0.persistentModelID == identifier }`, the usual server lookup, which SQL
/// stores answer with the same by-key statement as `model(for:)`: it must keep every rule of a
/// fetch (window, identifiers of other entities or stores, pending changes, partial fetches).
extension IdentityCases {
    static let keyLookups: [ConformanceCase] = [
        keyLookup("found") { row, _ in (#Predicate<Row> { $0.persistentModelID == row }, nil, nil, ["b"]) },
        keyLookup("foundValueFirst") { row, _ in (#Predicate<Row> { row == $0.persistentModelID }, 1, nil, ["b"]) },
        keyLookup("offsetPastTheRow") { row, _ in (#Predicate<Row> { $0.persistentModelID == row }, 1, 1, []) },
        keyLookup("limitZero") { row, _ in (#Predicate<Row> { $0.persistentModelID == row }, 0, nil, []) },
        keyLookup("otherEntitysKey") { row, _ in
            let trip = PersistentIdentifier(storeIdentifier: row.storeIdentifier, entityName: "Trip", primaryKey: row.primaryKey)
            return (#Predicate<Row> { $0.persistentModelID == trip }, 1, nil, [])
        },
        keyLookup("otherStoresKey") { row, _ in
            let elsewhere = PersistentIdentifier(storeIdentifier: (row.storeIdentifier ?? "") + "-other", entityName: "Row", primaryKey: row.primaryKey)
            return (#Predicate<Row> { $0.persistentModelID == elsewhere }, 1, nil, [])
        },
        keyLookup("deletedRow") { _, deleted in (#Predicate<Row> { $0.persistentModelID == deleted }, 1, nil, []) },
        pendingKeyLookups, partialKeyLookup,
    ]

    /// Saves rows "a", "b", "c", deletes "c" in the store, then fetches in a new context with the
    /// predicate, limit and offset `make` gives from "b"'s and "c"'s identifiers.
    private static func keyLookup(
        _ name: String,
        _ make: @escaping @Sendable (PersistentIdentifier, PersistentIdentifier) -> (Predicate<Row>, Int?, Int?, [String])
    ) -> ConformanceCase {
        ConformanceCase("identity.keyLookup.\(name)", category: "identity") { environment in
            let container = try environment.makeContainer()
            let context = ModelContext(container)
            let rows = ["a", "b", "c"].map { Row(tag: $0) }
            for row in rows { context.insert(row) }
            try context.save()
            context.delete(rows[2])
            try context.save()
            let (predicate, limit, offset, expected) = make(rows[1].persistentModelID, rows[2].persistentModelID)
            var descriptor = FetchDescriptor<Row>(predicate: predicate)
            (descriptor.fetchLimit, descriptor.fetchOffset) = (limit, offset)
            try Check.equal(try ModelContext(container).fetch(descriptor).map(\.tag), expected, "rows fetched by identifier")
            try Check.equal(try ModelContext(container).fetchCount(descriptor), expected.count, "rows counted by identifier")
        }
    }

    /// A lookup sees the context's own pending changes: an unsaved edit, an unsaved delete.
    static let pendingKeyLookups = ConformanceCase("identity.keyLookup.pendingChanges", category: "identity") { environment in
        let container = try environment.makeContainer()
        let rows = ["a", "b"].map { Row(tag: $0) }
        try Fixtures.saveRows(rows, in: container)
        let (a, b) = (rows[0].persistentModelID, rows[1].persistentModelID)
        let context = ModelContext(container)
        let edited = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.persistentModelID == a }))
        try Check.equal(edited.map(\.tag), ["a"], "the row before the edit")
        edited[0].tag = "edited"
        var descriptor = FetchDescriptor<Row>(predicate: #Predicate { $0.persistentModelID == a })
        descriptor.fetchLimit = 1
        let again = try context.fetch(descriptor)
        try Check.that(again.first === edited[0], "the registered model, not a new one")
        try Check.equal(again.map(\.tag), ["edited"], "the unsaved edit")
        context.delete(try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.persistentModelID == b }))[0])
        try Check.equal(try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.persistentModelID == b })).count, 0, "an unsaved delete hides the row")
    }

    /// With `propertiesToFetch` the lookup still finds the row and reads the named property.
    static let partialKeyLookup = ConformanceCase("identity.keyLookup.propertiesToFetch", category: "identity") { environment in
        let container = try environment.makeContainer()
        let row = Row(tag: "a", int: 7)
        try Fixtures.saveRows([row], in: container)
        let identifier = row.persistentModelID
        var descriptor = FetchDescriptor<Row>(predicate: #Predicate { $0.persistentModelID == identifier })
        descriptor.propertiesToFetch = [\.int]
        let context = ModelContext(container)
        let fetched = try context.fetch(descriptor)
        try Check.equal(fetched.map(\.int), [7], "the fetched property")
        try Check.equal(fetched.map(\.tag), ["a"], "an unfetched property loads on read")
    }
}
