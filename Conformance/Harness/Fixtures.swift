import StrataCore

/// Building blocks shared by case files.
public enum Fixtures {
    /// A case that saves `rows`, fetches with `predicate` through a fresh context, and checks
    /// that the returned tags are exactly `expected` (as a set), and that `fetchCount` and
    /// `fetchIdentifiers` agree with the fetch.
    public static func fetchCase(
        _ id: String, category: String, rows: @escaping @Sendable () -> [Row],
        predicate: Predicate<Row>, expected: [String]
    ) -> ConformanceCase {
        ConformanceCase(id, category: category) { environment in
            let container = try environment.makeContainer()
            try saveRows(rows(), in: container)
            try checkFetch(predicate, in: container, tag: \.tag, expected)
        }
    }

    /// Checks that `fetch` returns the models tagged `expected` (in any order), and that
    /// `fetchCount` and `fetchIdentifiers` agree with it.
    /// - Throws: ``ConformanceFailure`` on a mismatch; what the fetches throw.
    static func checkFetch<T: PersistentModel>(_ predicate: Predicate<T>, in container: ModelContainer, tag: (T) -> String, _ expected: [String]) throws {
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<T>(predicate: predicate)
        let fetched = try context.fetch(descriptor)
        try Check.sameElements(fetched.map(tag), expected, "rows matching the predicate")
        try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
        try Check.sameElements(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch")
    }

    /// Saves what `seed` inserts, applies `edit` (when given) in a second context and saves it,
    /// and returns a third context to read the result through.
    /// - Throws: what the saves or `edit` throw.
    public static func seedThenEdit(
        _ container: ModelContainer, seed: (ModelContext) -> Void, edit: ((ModelContext) throws -> Void)?
    ) throws -> ModelContext {
        let seeding = ModelContext(container)
        seed(seeding)
        try seeding.save()
        if let edit {
            let editing = ModelContext(container)
            try edit(editing)
            try editing.save()
        }
        return ModelContext(container)
    }

    /// Inserts `rows` into a new context of `container` and saves.
    /// - Throws: the save's error.
    public static func saveRows(_ rows: [Row], in container: ModelContainer) throws {
        let context = ModelContext(container)
        for row in rows { context.insert(row) }
        try context.save()
    }

    /// Rows covering nil, zero, negative and positive values of every optional attribute.
    public static func nullableRows() -> [Row] {
        [
            Row(tag: "nil", int: 0, optInt: nil, double: 0, optDouble: nil, string: "", optString: nil, flag: false, optFlag: nil),
            Row(tag: "three", int: 3, optInt: 3, double: 3, optDouble: 3, string: "c", optString: "c", flag: true, optFlag: true,
                date: Date(timeIntervalSince1970: 3), optDate: Date(timeIntervalSince1970: 3)),
            Row(tag: "five", int: 5, optInt: 5, double: 5.5, optDouble: 5.5, string: "e", optString: "e", flag: false, optFlag: false,
                date: Date(timeIntervalSince1970: 5), optDate: Date(timeIntervalSince1970: 5)),
            Row(tag: "minus", int: -2, optInt: -2, double: -2.5, optDouble: -2.5, string: "A", optString: "A", flag: true, optFlag: false,
                date: Date(timeIntervalSince1970: -2), optDate: Date(timeIntervalSince1970: -2)),
        ]
    }
}
