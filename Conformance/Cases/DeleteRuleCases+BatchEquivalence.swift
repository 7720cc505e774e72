import Foundation
import StrataCore

/// A batch delete ends in the same state as deleting each matching model and saving, under
/// every delete rule, on cascades several levels deep and on many-to-many relationships.
extension DeleteRuleCases {
    static let batchEquivalence: [ConformanceCase] = [
        sameAsOneByOneCascade, sameAsOneByOneNullify, sameAsOneByOneDeny, sameAsOneByOneNoAction, sameAsOneByOneTree,
        sameAsOneByOneManyToMany, batchTreeMirrorsContext,
    ]

    /// Deletes what `predicate` matches in two fresh containers set up alike, by
    /// `delete(model:where:)` in one and model by model in the other; both must fail or both
    /// succeed, and end in the same state, which must be `expected`.
    static func sameAsOneByOne<T: PersistentModel>(
        _ environment: ConformanceEnvironment, types: [any PersistentModel.Type] = ConformanceModels.all,
        setup: (ModelContainer) throws -> Void, where predicate: Predicate<T>, state: (ModelContext) throws -> [String], expected: [String]
    ) throws {
        let batch = try environment.makeContainer(for: types), single = try environment.makeContainer(for: types)
        try setup(batch)
        try setup(single)
        let batchFailed = (try? ModelContext(batch).delete(model: T.self, where: predicate)) == nil
        let context = ModelContext(single)
        for model in try context.fetch(FetchDescriptor<T>(predicate: predicate)) { context.delete(model) }
        let singleFailed = (try? context.save()) == nil
        try Check.equal(batchFailed, singleFailed, "the batch delete fails exactly when deleting one by one does")
        let batchState = try state(ModelContext(batch)).sorted()
        try Check.equal(batchState, try state(ModelContext(single)).sorted(), "the state after a batch delete and after deleting one by one")
        try Check.equal(batchState, expected.sorted(), "the state after the delete")
    }

    /// Owners with their pets, pets with their owner.
    static func ownersAndPets(_ context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Owner>()).map { "owner \($0.name): \($0.pets.map(\.name).sorted())" }
            + context.fetch(FetchDescriptor<Pet>()).map { "pet \($0.name): \($0.owner?.name ?? "-")" }
    }

    /// Libraries, books and notes with what they refer to.
    static func libraries(_ context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Library>()).map { "library \($0.name): \($0.books.map(\.title).sorted())" }
            + context.fetch(FetchDescriptor<Book>()).map { "book \($0.title): \($0.library?.name ?? "-") \($0.notes.map(\.text).sorted())" }
            + context.fetch(FetchDescriptor<Note>()).map { "note \($0.text): \($0.book?.title ?? "-")" }
    }

    static let sameAsOneByOneCascade = ConformanceCase("deleteRule.batch.sameAsOneByOne.cascade", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment, setup: saveOwners, where: #Predicate<Owner> { $0.name == "ann" }, state: ownersAndPets,
            expected: ["owner bob: [\"max\"]", "pet max: bob"])
    }

    static let sameAsOneByOneNullify = ConformanceCase("deleteRule.batch.sameAsOneByOne.nullify", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment, setup: saveLibraries, where: #Predicate<Book> { $0.title == "b1" }, state: libraries,
            expected: ["library city: [\"b2\"]", "library empty: []", "book b2: city [\"n3\"]", "note n1: -", "note n2: -", "note n3: b2"])
    }

    static let sameAsOneByOneDeny = ConformanceCase("deleteRule.batch.sameAsOneByOne.deny", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment, setup: saveLibraries, where: #Predicate<Library> { $0.name != "" }, state: libraries,
            expected: [
                "library city: [\"b1\", \"b2\"]", "library empty: []", "book b1: city [\"n1\", \"n2\"]", "book b2: city [\"n3\"]",
                "note n1: b1", "note n2: b1", "note n3: b2",
            ])
    }

    static let sameAsOneByOneNoAction = ConformanceCase("deleteRule.batch.sameAsOneByOne.noAction", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment, types: [Crate.self, Item.self],
            setup: { container in
                let context = ModelContext(container)
                let (small, large) = (Crate(label: "small"), Crate(label: "large"))
                for model in [Item(name: "cup", crate: small), Item(name: "pan", crate: large), Item(name: "pot", crate: large)] { context.insert(model) }
                try context.save()
            },
            where: #Predicate<Crate> { $0.label == "large" },
            state: { context in
                try context.fetch(FetchDescriptor<Crate>()).map { "crate \($0.label): \($0.items.map(\.name).sorted())" }
                    + context.fetch(FetchDescriptor<Item>()).map { "item \($0.name): \($0.crate?.label ?? "-")" }
            },
            expected: ["crate small: [\"cup\"]", "item cup: small", "item pan: -", "item pot: -"])
    }

    /// root → (a → (a1 → a1x), b), other: deleting `a` and `other` takes a1 and a1x with them.
    static func saveTree(in container: ModelContainer) throws {
        let context = ModelContext(container)
        let root = Folder(name: "root")
        let a = Folder(name: "a", parent: root)
        let a1 = Folder(name: "a1", parent: a)
        for folder in [root, a, a1, Folder(name: "a1x", parent: a1), Folder(name: "b", parent: root), Folder(name: "other")] { context.insert(folder) }
        try context.save()
    }

    static func folders(_ context: ModelContext) throws -> [String] {
        try context.fetch(FetchDescriptor<Folder>()).map { "\($0.name) in \($0.parent?.name ?? "-"): \($0.children.map(\.name).sorted())" }
    }

    static let sameAsOneByOneTree = ConformanceCase("deleteRule.batch.sameAsOneByOne.cascadeLevels", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment, types: [Folder.self], setup: saveTree, where: #Predicate<Folder> { $0.name == "a" || $0.name == "other" }, state: folders,
            expected: ["root in -: [\"b\"]", "b in root: []"])
    }

    static let sameAsOneByOneManyToMany = ConformanceCase("deleteRule.batch.sameAsOneByOne.manyToMany", category: "deleteRule", requires: [.batchDelete]) { environment in
        try sameAsOneByOne(
            environment,
            setup: { container in
                let context = ModelContext(container)
                let (ann, bob) = (Student(name: "ann"), Student(name: "bob"))
                let (math, art) = (Course(title: "math"), Course(title: "art"))
                for model in [ann, bob, math, art] as [any PersistentModel] { context.insert(model) }
                ann.courses = [math, art]
                bob.courses = [math]
                try context.save()
            },
            where: #Predicate<Student> { $0.name == "ann" },
            state: { context in
                try context.fetch(FetchDescriptor<Student>()).map { "student \($0.name): \($0.courses.map(\.title).sorted())" }
                    + context.fetch(FetchDescriptor<Course>()).map { "course \($0.title): \($0.students.map(\.name).sorted())" }
            },
            expected: ["student bob: [\"math\"]", "course math: [\"bob\"]", "course art: []"])
    }

    /// A context holding the tree marks every folder a batch delete cascaded to as deleted.
    static let batchTreeMirrorsContext = ConformanceCase("deleteRule.batch.cascadeLevelsMirrorContext", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer(for: [Folder.self])
        try saveTree(in: container)
        let context = ModelContext(container)
        let all = try context.fetch(FetchDescriptor<Folder>())
        try context.delete(model: Folder.self, where: #Predicate { $0.name == "a" })
        try Check.sameElements(all.filter(\.isDeleted).map(\.name), ["a", "a1", "a1x"], "folders marked deleted")
        try Check.sameElements(try context.fetch(FetchDescriptor<Folder>()).map(\.name), ["root", "b", "other"], "folders fetched in the same context")
    }
}
