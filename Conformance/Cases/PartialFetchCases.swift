import Foundation
import StrataCore

/// `FetchDescriptor.propertiesToFetch`: a store may leave attributes out; the context loads
/// them when first used, so values are never lost, defaulted or overwritten.
enum PartialFetchCases {
    static let all: [ConformanceCase] = [
        readsEveryProperty, changeLeftOutThenSave, changeFetchedThenSave, keepsRegisteredValues, keepsUnsavedChanges, rollbackRestoresStored,
        loadsOncePerFetch,
    ]

    /// Three rows with every attribute set.
    static func saveRows(in container: ModelContainer) throws {
        try Fixtures.saveRows((1...3).map { index in
            Row(
                tag: "r\(index)", int: index, optInt: index * 10, double: Double(index) / 2, optDouble: -Double(index), string: "s\(index)",
                optString: "o\(index)", flag: index == 2, optFlag: index != 2, date: Date(timeIntervalSince1970: Double(index)),
                optDate: Date(timeIntervalSince1970: Double(-index)))
        }, in: container)
    }

    /// Every attribute of a row, as text.
    static func describe(_ row: Row) -> String {
        "\(row.tag) \(row.int) \(String(describing: row.optInt)) \(row.double) \(String(describing: row.optDouble)) \(row.string) "
            + "\(String(describing: row.optString)) \(row.flag) \(String(describing: row.optFlag)) \(row.date.timeIntervalSince1970) "
            + "\(String(describing: row.optDate?.timeIntervalSince1970))"
    }

    /// The rows of a new context, whole, by tag.
    static func stored(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])).map(describe)
    }

    /// A fetch of rows by tag loading only `tag`.
    static func tagsOnly() -> FetchDescriptor<Row> {
        var descriptor = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])
        descriptor.propertiesToFetch = [\Row.tag]
        return descriptor
    }

    /// Attributes a partial fetch left out read their stored values.
    static let readsEveryProperty = ConformanceCase("partialFetch.readsEveryProperty", category: "partialFetch") { environment in
        let container = try environment.makeContainer()
        try saveRows(in: container)
        let context = ModelContext(container)
        try Check.equal(try context.fetch(tagsOnly()).map(describe), try stored(container), "rows of a partial fetch")
    }

    /// Changing an attribute the fetch left out, then saving, keeps every other stored value.
    static let changeLeftOutThenSave = ConformanceCase("partialFetch.changeLeftOutThenSave", category: "partialFetch") { environment in
        let container = try environment.makeContainer()
        try saveRows(in: container)
        let expected = try stored(container).map { $0.replacingOccurrences(of: "r2 2 ", with: "r2 7 ") }
        let context = ModelContext(container)
        let rows = try context.fetch(tagsOnly())
        rows[1].int = 7
        try context.save()
        try Check.equal(try stored(container), expected, "rows after the save")
    }

    /// Changing an attribute the fetch loaded, then saving, writes no value for the others.
    static let changeFetchedThenSave = ConformanceCase("partialFetch.changeFetchedThenSave", category: "partialFetch") { environment in
        let container = try environment.makeContainer()
        try saveRows(in: container)
        let expected = try stored(container).map { $0.replacingOccurrences(of: "r3 ", with: "r9 ") }
        let context = ModelContext(container)
        let rows = try context.fetch(tagsOnly())
        rows[2].tag = "r9"
        try context.save()
        try Check.equal(try stored(container), expected, "rows after the save")
    }

    /// A partial fetch of rows the context holds whole leaves their other values in place.
    static let keepsRegisteredValues = ConformanceCase("partialFetch.keepsRegisteredValues", category: "partialFetch") { environment in
        let interceptor = Interceptor()
        let container = try environment.makeContainer(intercepting: interceptor)
        try saveRows(in: container)
        let context = ModelContext(container)
        let whole = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        let expected = whole.map(describe)
        let partial = try context.fetch(tagsOnly())
        let calls = interceptor.callCount
        try Check.that(zip(whole, partial).allSatisfy { $0 === $1 }, "the same models")
        try Check.equal(partial.map(describe), expected, "values after the partial fetch")
        try Check.equal(interceptor.callCount - calls, 0, "store calls reading values the context held")
    }

    /// A partial fetch leaves a row's unsaved changes in place.
    static let keepsUnsavedChanges = ConformanceCase("partialFetch.keepsUnsavedChanges", category: "partialFetch") { environment in
        let container = try environment.makeContainer()
        try saveRows(in: container)
        let expected = try stored(container)[0].replacingOccurrences(of: "r1 1 ", with: "r1 42 ").replacingOccurrences(of: "\"o1\"", with: "\"pending\"")
        let context = ModelContext(container)
        let rows = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        rows[0].optString = "pending"
        rows[0].int = 42
        _ = try context.fetch(tagsOnly())
        try Check.equal(rows[0].optString, "pending", "the unsaved optString")
        try Check.equal(rows[0].int, 42, "the unsaved int")
        try context.save()
        try Check.equal(try stored(container)[0], expected, "r1 saved")
    }

    /// Rolling back a change to a left-out attribute restores its stored value.
    static let rollbackRestoresStored = ConformanceCase("partialFetch.rollbackRestoresStored", category: "partialFetch") { environment in
        let container = try environment.makeContainer()
        try saveRows(in: container)
        let context = ModelContext(container)
        let rows = try context.fetch(tagsOnly())
        rows[0].optString = nil
        rows[0].string = "x"
        context.rollback()
        try Check.equal(rows.map(describe), try stored(container), "rows after the rollback")
    }

    /// Reading left-out attributes of every row of a partial fetch takes at most one store call.
    static let loadsOncePerFetch = ConformanceCase("partialFetch.loadsOncePerFetch", category: "partialFetch") { environment in
        let interceptor = Interceptor()
        let container = try environment.makeContainer(intercepting: interceptor)
        try saveRows(in: container)
        let context = ModelContext(container)
        let rows = try context.fetch(tagsOnly())
        let calls = interceptor.callCount
        try Check.equal(rows.map(\.string), ["s1", "s2", "s3"], "left-out strings")
        try Check.equal(rows.map(\.optInt), [10, 20, 30], "left-out optional integers")
        try Check.that(interceptor.callCount - calls <= 1, "at most one store call loads the left-out values (\(interceptor.callCount - calls))")
    }
}
