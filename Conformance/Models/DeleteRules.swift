import StrataCore

/// A library that may not be deleted while it has books (`.deny`).
@Model public final class Library {
    public var name: String
    @Relationship(deleteRule: .deny, inverse: \Book.library) public var books: [Book] = []

    public init(name: String) {
        self.name = name
    }
}

/// A book; deleting it nullifies its library's reference to it.
@Model public final class Book {
    public var title: String
    public var library: Library?
    public var shelf: Shelf?
    @Relationship(deleteRule: .nullify, inverse: \Note.book) public var notes: [Note] = []

    public init(title: String, library: Library? = nil) {
        self.title = title
        self.library = library
    }
}

/// A note on a book; deleting the book nullifies `book`.
@Model public final class Note {
    public var text: String
    public var book: Book?

    public init(text: String, book: Book? = nil) {
        self.text = text
        self.book = book
    }
}

/// A self-referencing model, for cycles within one save (`next` has no inverse).
@Model public final class Node {
    public var name: String
    public var next: Node?

    public init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

/// Holds books and takes them with it (`.cascade`): a library's `.deny` must not block a save
/// that deletes the library's books through a shelf.
@Model public final class Shelf {
    public var label: String
    @Relationship(deleteRule: .cascade, inverse: \Book.shelf) public var books: [Book] = []

    public init(label: String) {
        self.label = label
    }
}
