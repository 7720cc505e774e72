import Testing
@testable import StrataServer

@Suite struct StoreLocationTests {
    @Test(arguments: [
        ("sqlite:/var/lib/todo.sqlite", StoreLocation.sqlite(path: "/var/lib/todo.sqlite")),
        ("sqlite:///var/lib/todo.sqlite", .sqlite(path: "/var/lib/todo.sqlite")),
        ("sqlite:todo.sqlite", .sqlite(path: "todo.sqlite")),
        ("data/todo.sqlite", .sqlite(path: "data/todo.sqlite")),
        ("postgres://app@127.0.0.1:5432/todo", .postgres(url: "postgres://app@127.0.0.1:5432/todo")),
        ("postgresql://app@db/todo?sslmode=disable", .postgres(url: "postgresql://app@db/todo?sslmode=disable")),
    ])
    func parses(text: String, expected: StoreLocation) throws {
        #expect(try StoreLocation(text) == expected)
    }

    @Test(arguments: ["", "sqlite:", "mysql://db/todo"])
    func refuses(text: String) {
        #expect(throws: StoreLocationError.self) { try StoreLocation(text) }
    }
}
