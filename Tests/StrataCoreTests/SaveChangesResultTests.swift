import StrataCore
import Testing

/// A store's answer to a save, in both of its forms.
@Suite struct SaveChangesResultTests {
    private static func snapshots(_ count: Int) -> [DefaultSnapshot] {
        (0..<count).map { index in
            DefaultSnapshot(persistentIdentifier: .temporary(entityName: "Note"), values: ["title": .string("note \(index)")])
        }
    }

    private static func permanent(_ keys: ClosedRange<Int64>) -> [PersistentIdentifier] {
        keys.map { PersistentIdentifier(storeIdentifier: "store", entityName: "Note", primaryKey: .integer($0)) }
    }

    @Test func mapBuiltOnFirstReadPairsEachInsertWithItsPermanentIdentifier() {
        let inserted = Self.snapshots(3)
        let permanent = Self.permanent(10...12)
        let result = DataStoreSaveChangesResult(for: "store", inserted: inserted, insertedIdentifiers: permanent)
        #expect(result.insertedIdentifiers == permanent)
        let expected = Dictionary(uniqueKeysWithValues: zip(inserted.map(\.persistentIdentifier), permanent))
        #expect(result.remappedIdentifiers == expected)
        #expect(result.remappedIdentifiers == expected, "a second read returns the same map")
    }

    @Test func mapGivenByTheStoreIsKeptAsGiven() {
        let inserted = Self.snapshots(2)
        let given = [inserted[0].persistentIdentifier: Self.permanent(5...5)[0]]
        let result = DataStoreSaveChangesResult<DefaultSnapshot>(for: "store", remappedIdentifiers: given)
        #expect(result.remappedIdentifiers == given)
        #expect(result.insertedIdentifiers == nil)
    }
}
