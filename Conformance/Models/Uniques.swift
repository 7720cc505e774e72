import StrataCore

/// A model with one unique attribute: inserting a colliding email updates the stored row.
@Model public final class Account {
    @Attribute(.unique) public var email: String
    public var balance: Int

    public init(email: String, balance: Int) {
        self.email = email
        self.balance = balance
    }
}

/// A model unique on a pair of attributes (`#Unique`).
@Model public final class Seat {
    #Unique<Seat>([\.row, \.number])
    public var row: String
    public var number: Int
    public var holder: String?

    public init(row: String, number: Int, holder: String? = nil) {
        self.row = row
        self.number = number
        self.holder = holder
    }
}
