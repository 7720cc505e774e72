@testable import StrataCore
import Testing

/// The per-type layout cache, whose last answer is checked without its lock.
@Suite struct EntityLayoutTests {
    @Test func eachTypeGetsItsOwnLayoutWhicheverWasAskedForLast() {
        let trip = EntityLayout.of(Trip.self)
        let vehicle = EntityLayout.of(Vehicle.self)
        #expect(trip !== vehicle)
        #expect(trip.entityName == "Trip")
        #expect(vehicle.entityName == "Vehicle")
        for _ in 0..<3 {
            #expect(EntityLayout.of(Trip.self) === trip, "the last answer is reused only for its own type")
            #expect(EntityLayout.of(Trip.self) === trip)
            #expect(EntityLayout.of(Vehicle.self) === vehicle)
        }
    }

    @Test func threadsAskingForDifferentTypesEachGetTheirOwn() async {
        let expected = (EntityLayout.of(Trip.self), EntityLayout.of(Vehicle.self))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<10_000 {
                        let layout = task.isMultiple(of: 2) ? EntityLayout.of(Trip.self) : EntityLayout.of(Vehicle.self)
                        if layout !== (task.isMultiple(of: 2) ? expected.0 : expected.1) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
