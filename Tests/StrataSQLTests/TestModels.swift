import Foundation
import StrataCore
import StrataSQL

enum Status: String, Codable, Comparable {
    case active, archived
    static func < (lhs: Status, rhs: Status) -> Bool { lhs == .archived && rhs == .active }
}

@Model final class Item {
    var name: String
    var note: String?
    var count: Int
    var limit: Int?
    var price: Double
    var discount: Double?
    var flag: Bool
    var date: Date
    var status: Status
    var amount: Decimal
    var tags: [String]
    var link: URL?
    var owner: Person?
    var labels: [Label] = []

    init(name: String) {
        self.name = name
        self.count = 0
        self.price = 0
        self.flag = false
        self.date = Date(timeIntervalSince1970: 0)
        self.status = .active
        self.amount = 0
        self.tags = []
    }
}

@Model final class Person {
    var name: String
    var age: Int?
    var manager: Person?
    @Relationship(inverse: \Item.owner) var items: [Item] = []

    init(name: String) {
        self.name = name
    }
}

@Model final class Label {
    var text: String
    @Relationship(inverse: \Item.labels) var items: [Item] = []

    init(text: String) {
        self.text = text
    }
}

let schema = Schema([Item.self, Person.self, Label.self])
let storeIdentifier = "store-1"

/// The statement a predicate over `T` filters with, serialized for `dialect`.
func filter<T: PersistentModel>(_ predicate: Predicate<T>, _ dialect: any SQLDialect = SQLiteDialect()) throws -> SQLStatement {
    let translator = SQLQueryTranslator(schema: schema, entity: schema.entity(for: T.self)!, dialect: dialect, storeIdentifier: storeIdentifier)
    var serializer = SQLSerializer(dialect: dialect)
    serializer.write(try translator.filter(predicate))
    return serializer.statement
}

/// The `ORDER BY` terms for `descriptors`, serialized for `dialect`.
func ordering<T: PersistentModel>(_ descriptors: [SortDescriptor<T>], _ dialect: any SQLDialect = SQLiteDialect()) throws -> SQLStatement {
    let translator = SQLQueryTranslator(schema: schema, entity: schema.entity(for: T.self)!, dialect: dialect, storeIdentifier: storeIdentifier)
    let select = SQLSelect(columns: [.keyword("*")], from: "T", as: "t0", orderBy: try translator.ordering(descriptors))
    var serializer = SQLSerializer(dialect: dialect)
    serializer.write(select)
    return serializer.statement
}

/// `statement` as the text and binds a test expects.
func expected(_ text: String, _ binds: PersistentValue...) -> SQLStatement {
    SQLStatement(text: text, binds: binds)
}
