import StrataCore

/// `.deny` is judged against everything a save deletes, cascades included, whatever the order.
extension DeleteRuleCases {
    static let cascadeOrder: [ConformanceCase] = [denyIgnoresBooksTheSameSaveCascades, denyStillBlocksWithoutTheCascade]

    /// Saves a library and a shelf that hold the same book.
    static func sharedBook(in context: ModelContext) throws -> (Library, Shelf) {
        let library = Library(name: "city")
        let shelf = Shelf(label: "top")
        let book = Book(title: "shared", library: library)
        context.insert(library)
        context.insert(shelf)
        context.insert(book)
        book.shelf = shelf
        try context.save()
        return (library, shelf)
    }

    /// A library (deny) and a shelf (cascade) share a book; deleting both in one save succeeds,
    /// and the book goes with the shelf.
    static let denyIgnoresBooksTheSameSaveCascades = ConformanceCase("deleteRule.deny.cascadeInSameSave", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let (library, shelf) = try sharedBook(in: context)
        context.delete(shelf)
        context.delete(library)
        try context.save()
        let reader = ModelContext(container)
        try Check.equal(try reader.fetchCount(FetchDescriptor<Book>()), 0, "books after deleting the shelf and the library")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Library>()), 0, "libraries")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Shelf>()), 0, "shelves")
    }

    /// Without the shelf in the save, the same library still refuses deletion.
    static let denyStillBlocksWithoutTheCascade = ConformanceCase("deleteRule.deny.blocksWithoutCascade", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let (library, _) = try sharedBook(in: context)
        context.delete(library)
        try Check.throwsError("deleting a library whose book stays", matching: { ($0 as? SwiftDataError) == .deleteRuleViolation }) {
            try context.save()
        }
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Library>()), 1, "the library is still stored")
    }
}
