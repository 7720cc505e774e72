import Foundation
import StrataCore

/// The scenarios ``AtomicityCases/faultEveryCall(_:_:requires:)`` runs.
extension AtomicityCases {
    static let scenarioTypes: [any PersistentModel.Type] = [
        Owner.self, Pet.self, Account.self, Student.self, Course.self, Library.self, Book.self, Note.self, Shelf.self, Row.self,
    ]

    /// Every row of the scenario models, one sorted line each, relationships by name.
    static func describeStore(_ context: ModelContext) throws -> [String] {
        func names(_ values: [String]) -> String { "[" + values.sorted().joined(separator: ",") + "]" }
        var lines: [String] = []
        for owner in try context.fetch(FetchDescriptor<Owner>()) {
            lines.append("Owner \(owner.name) age=\(owner.age.map { "\($0)" } ?? "nil") pets=\(names(owner.pets.map(\.name)))")
        }
        for pet in try context.fetch(FetchDescriptor<Pet>()) {
            lines.append("Pet \(pet.name) owner=\(pet.owner?.name ?? "nil")")
        }
        for account in try context.fetch(FetchDescriptor<Account>()) {
            lines.append("Account \(account.email) balance=\(account.balance)")
        }
        for student in try context.fetch(FetchDescriptor<Student>()) {
            lines.append("Student \(student.name) courses=\(names(student.courses.map(\.title)))")
        }
        for course in try context.fetch(FetchDescriptor<Course>()) {
            lines.append("Course \(course.title) students=\(names(course.students.map(\.name)))")
        }
        for library in try context.fetch(FetchDescriptor<Library>()) {
            lines.append("Library \(library.name) books=\(names(library.books.map(\.title)))")
        }
        for book in try context.fetch(FetchDescriptor<Book>()) {
            lines.append("Book \(book.title) library=\(book.library?.name ?? "nil") notes=\(names(book.notes.map(\.text)))")
        }
        for note in try context.fetch(FetchDescriptor<Note>()) {
            lines.append("Note \(note.text) book=\(note.book?.title ?? "nil")")
        }
        for row in try context.fetch(FetchDescriptor<Row>()) {
            lines.append("Row \(row.tag) int=\(row.int)")
        }
        return lines.sorted()
    }

    /// Inserts with to-one, to-many and many-to-many relationships; updates that move a pet and
    /// add a course; a unique upsert; reads; a delete that cascades; a delete that nullifies.
    static let graphScenario = Scenario(types: scenarioTypes, steps: {
        let ann = Owner(name: "ann")
        let bob = Owner(name: "bob", age: 30)
        let rex = Pet(name: "rex")
        let tom = Pet(name: "tom")
        let max = Pet(name: "max")
        let first = Account(email: "a@example.com", balance: 1)
        let upsert = Account(email: "a@example.com", balance: 2)
        let other = Account(email: "b@example.com", balance: 5)
        let ada = Student(name: "ada")
        let math = Course(title: "math")
        let art = Course(title: "art")
        let city = Library(name: "city")
        let b1 = Book(title: "b1")
        let b2 = Book(title: "b2")
        let n1 = Note(text: "n1")
        let n2 = Note(text: "n2")

        let inserted = [
            "Account a@example.com balance=1",
            "Book b1 library=city notes=[n1,n2]", "Book b2 library=city notes=[]",
            "Course math students=[ada]",
            "Library city books=[b1,b2]",
            "Note n1 book=b1", "Note n2 book=b1",
            "Owner ann age=nil pets=[rex,tom]", "Owner bob age=30 pets=[max]",
            "Pet max owner=bob", "Pet rex owner=ann", "Pet tom owner=ann",
            "Student ada courses=[math]",
        ]
        let updated = [
            "Account a@example.com balance=1",
            "Book b1 library=city notes=[n1,n2]", "Book b2 library=city notes=[]",
            "Course art students=[ada]", "Course math students=[ada]",
            "Library city books=[b1,b2]",
            "Note n1 book=b1", "Note n2 book=b1",
            "Owner ann age=nil pets=[tom]", "Owner bob age=31 pets=[max,rex]",
            "Pet max owner=bob", "Pet rex owner=bob", "Pet tom owner=ann",
            "Student ada courses=[art,math]",
        ]
        let upserted = updated.map { $0 == "Account a@example.com balance=1" ? "Account a@example.com balance=2" : $0 } + ["Account b@example.com balance=5"]
        let cascaded = upserted.filter { !["Owner ann age=nil pets=[tom]", "Pet tom owner=ann"].contains($0) }
        let nullified = cascaded.filter { !$0.hasPrefix("Book b1") }.map { line in
            switch line {
            case "Library city books=[b1,b2]": "Library city books=[b2]"
            case "Note n1 book=b1": "Note n1 book=nil"
            case "Note n2 book=b1": "Note n2 book=nil"
            case "Owner bob age=31 pets=[max,rex]": "Owner robert age=31 pets=[max,rex]"
            case "Pet max owner=bob": "Pet max owner=robert"
            case "Pet rex owner=bob": "Pet rex owner=robert"
            default: line
            }
        }

        return [
            Step(name: "insert", run: { context in
                for model in [ann, bob] as [Owner] { context.insert(model) }
                rex.owner = ann
                tom.owner = ann
                max.owner = bob
                for model in [rex, tom, max] { context.insert(model) }
                context.insert(first)
                context.insert(ada)
                ada.courses = [math]
                context.insert(city)
                b1.library = city
                b2.library = city
                n1.book = b1
                n2.book = b1
                for model in [b1, b2] { context.insert(model) }
                for model in [n1, n2] { context.insert(model) }
                try context.save()
            }, expected: inserted.sorted()),
            Step(name: "update", run: { context in
                let fetchedBob = try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == "bob" })
                let fetchedRex = try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == "rex" })
                fetchedBob.age = 31
                fetchedRex.owner = fetchedBob
                ada.courses = [math, art]
                try context.save()
            }, expected: updated.sorted()),
            Step(name: "upsert", run: { context in
                context.insert(upsert)
                context.insert(other)
                try context.save()
            }, expected: upserted.sorted()),
            Step(name: "read", run: { context in
                try Check.equal(try context.fetchCount(FetchDescriptor<Pet>()), 3, "fetchCount of pets")
                try Check.equal(try context.fetchIdentifiers(FetchDescriptor<Owner>()).count, 2, "fetchIdentifiers of owners")
                let bobs = try context.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.owner?.name == "bob" }, sortBy: [SortDescriptor(\.name)]))
                try Check.equal(bobs.map(\.name), ["max", "rex"], "bob's pets by predicate")
                try Check.equal(try context.fetch(FetchDescriptor<Account>(predicate: #Predicate { $0.email == "a@example.com" })).map(\.balance), [2],
                                "the upserted balance")
            }, expected: upserted.sorted()),
            Step(name: "cascadeDelete", run: { context in
                context.delete(ann)
                try context.save()
            }, expected: cascaded.sorted()),
            Step(name: "nullifyDelete", run: { context in
                let fetched = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title == "b1" }))
                for book in fetched { context.delete(book) }
                bob.name = "robert"
                try context.save()
            }, expected: nullified.sorted()),
        ]
    }, describe: describeStore)

    /// Batch deletes (a cascade, a predicate, every row) between ordinary saves.
    static let batchDeleteScenario = Scenario(types: scenarioTypes, steps: {
        let ann = Owner(name: "ann")
        let bob = Owner(name: "bob", age: 30)
        let pets = [Pet(name: "rex", owner: ann), Pet(name: "tom", owner: ann), Pet(name: "max", owner: bob)]
        let rows = [Row(tag: "a", int: 1), Row(tag: "b", int: 2), Row(tag: "c", int: 3)]
        let d = Row(tag: "d", int: 4)

        let inserted = [
            "Owner ann age=nil pets=[rex,tom]", "Owner bob age=30 pets=[max]",
            "Pet max owner=bob", "Pet rex owner=ann", "Pet tom owner=ann",
            "Row a int=1", "Row b int=2", "Row c int=3",
        ]
        let cascaded = ["Owner bob age=30 pets=[max]", "Pet max owner=bob", "Row a int=1", "Row b int=2", "Row c int=3"]
        let filtered = ["Owner bob age=30 pets=[max]", "Pet max owner=bob", "Row a int=1"]
        let saved = ["Owner bob age=31 pets=[max]", "Pet max owner=bob", "Row a int=1", "Row d int=4"]
        let emptied = ["Owner bob age=31 pets=[]", "Row a int=1", "Row d int=4"]

        return [
            Step(name: "insert", run: { context in
                for model in [ann, bob] { context.insert(model) }
                for model in pets { context.insert(model) }
                for model in rows { context.insert(model) }
                try context.save()
            }, expected: inserted.sorted()),
            Step(name: "batchCascade", run: { context in
                try context.delete(model: Owner.self, where: #Predicate { $0.name == "ann" })
            }, expected: cascaded.sorted()),
            Step(name: "batchPredicate", run: { context in
                try context.delete(model: Row.self, where: #Predicate { $0.int >= 2 })
            }, expected: filtered.sorted()),
            Step(name: "save", run: { context in
                bob.age = 31
                context.insert(d)
                try context.save()
            }, expected: saved.sorted()),
            Step(name: "batchAll", run: { context in
                try context.delete(model: Pet.self)
            }, expected: emptied.sorted()),
        ]
    }, describe: describeStore)
}
