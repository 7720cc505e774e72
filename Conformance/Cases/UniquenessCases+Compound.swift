import Foundation
import StrataCore

/// `#Unique<Seat>([\.row, \.number])`: the pair collides only as a whole; `holder` takes no part.
extension UniquenessCases {
    static let compound: [ConformanceCase] = [
        collidingPairUpserts, collidingPairSameSave,
        differingPair("differentNumber", Seat(row: "A", number: 2, holder: "y")),
        differingPair("differentRow", Seat(row: "B", number: 1, holder: "y")),
        differingPair("swappedCase", Seat(row: "a", number: 1, holder: "y")),
        nilHolderDoesNotCollide, nilHolderOverwrites, valueOverwritesNilHolder,
    ]

    /// Seat rows in a new context, as `"row-number": holder`.
    static func storedSeats(_ container: ModelContainer) throws -> [String: String?] {
        let seats = try ModelContext(container).fetch(FetchDescriptor<Seat>())
        let keyed = seats.map { ("\($0.row)-\($0.number)", $0.holder) }
        try Check.equal(Set(keyed.map(\.0)).count, seats.count, "no two stored seats share (row, number)")
        return Dictionary(uniqueKeysWithValues: keyed)
    }

    /// A stored (A, 1) and a new (A, 1): one row with the new holder.
    static let collidingPairUpserts = ConformanceCase("uniqueness.compound.collidingPairUpserts", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let seed = ModelContext(container)
        seed.insert(Seat(row: "A", number: 1, holder: "x"))
        try seed.save()
        let context = ModelContext(container)
        let seat = Seat(row: "A", number: 1, holder: "y")
        context.insert(seat)
        try context.save()
        try Check.equal(try storedSeats(container), ["A-1": "y"], "one seat with the new holder")
        try Check.equal(try context.fetch(FetchDescriptor<Seat>()).count, 1, "the saving context fetches one seat")
    }

    /// Two (A, 1) inserts in one save: one row with the later holder.
    static let collidingPairSameSave = ConformanceCase("uniqueness.compound.sameSaveLaterWins", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        context.insert(Seat(row: "A", number: 1, holder: "x"))
        context.insert(Seat(row: "A", number: 1, holder: "y"))
        try context.save()
        try Check.equal(try storedSeats(container), ["A-1": "y"], "one seat with the later holder")
    }

    /// A stored (A, 1, x) and a seat differing in one member of the pair: both rows stay.
    static func differingPair(_ name: String, _ seat: @autoclosure @escaping @Sendable () -> Seat) -> ConformanceCase {
        ConformanceCase("uniqueness.compound.differingPair.\(name)", category: "uniqueness") { environment in
            let container = try environment.makeContainer()
            let seed = ModelContext(container)
            seed.insert(Seat(row: "A", number: 1, holder: "x"))
            try seed.save()
            let context = ModelContext(container)
            let other = seat()
            context.insert(other)
            try context.save()
            let stored = try storedSeats(container)
            try Check.equal(stored.count, 2, "two seats stored")
            try Check.equal(stored["A-1"], .some("x"), "the first seat is unchanged")
            try Check.equal(stored["\(other.row)-\(other.number)"], .some("y"), "the second seat is inserted")
        }
    }

    /// Seats with nil holders collide only when (row, number) does: nil is not part of the constraint.
    static let nilHolderDoesNotCollide = ConformanceCase("uniqueness.compound.nilHolderDoesNotCollide", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        context.insert(Seat(row: "A", number: 1))
        context.insert(Seat(row: "A", number: 2))
        try context.save()
        try Check.equal(try storedSeats(container), ["A-1": nil, "A-2": nil], "two seats, both without holder")
    }

    /// A stored (A, 1, "x") upserted by (A, 1, nil): the later values, nil included, win.
    static let nilHolderOverwrites = ConformanceCase("uniqueness.compound.nilHolderOverwrites", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let seed = ModelContext(container)
        seed.insert(Seat(row: "A", number: 1, holder: "x"))
        try seed.save()
        let context = ModelContext(container)
        context.insert(Seat(row: "A", number: 1, holder: nil))
        try context.save()
        try Check.equal(try storedSeats(container), ["A-1": nil], "one seat, its holder now nil")
    }

    /// A stored (A, 1, nil) upserted by (A, 1, "x").
    static let valueOverwritesNilHolder = ConformanceCase("uniqueness.compound.valueOverwritesNilHolder", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let seed = ModelContext(container)
        seed.insert(Seat(row: "A", number: 1))
        try seed.save()
        let context = ModelContext(container)
        context.insert(Seat(row: "A", number: 1, holder: "x"))
        try context.save()
        try Check.equal(try storedSeats(container), ["A-1": "x"], "one seat with the new holder")
    }
}
