import Foundation
import StrataCore
import StrataSync

/// Dates a few seconds apart, in order.
func time(_ second: Int) -> Date {
    Date(timeIntervalSince1970: 1_700_000_000 + Double(second))
}

/// Every trip in `context`, by remote id.
func trips(_ context: ModelContext) throws -> [SyncTrip] {
    try fetched(SyncTrip.self, context, by: \.remoteID)
}

extension SyncCases {
    /// Insert missing, update only when newer, child collections.
    static var reconcileCases: [SyncCase] {
        [
            SyncCase("reconcile.insertsMissing") { container in
                let summary = try Reconciler(container: container).reconcile([TripRecord(1, at: time(1), name: "A"), TripRecord(2, at: time(1), name: "B")], as: SyncTrip.self)
                try check(try trips(ModelContext(container)).map(\.name) == ["A", "B"], "both inserted")
                try check(summary == ReconcileSummary(inserted: 2), "two inserts, got \(summary)")
            },
            SyncCase("reconcile.updatesOnlyWhenNewer") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile([TripRecord(1, at: time(5), name: "A")], as: SyncTrip.self)
                let older = try reconciler.reconcile([TripRecord(1, at: time(4), name: "older")], as: SyncTrip.self)
                let same = try reconciler.reconcile([TripRecord(1, at: time(5), name: "same time")], as: SyncTrip.self)
                try check(try trips(ModelContext(container)).map(\.name) == ["A"], "an older or equally old record changes nothing")
                try check(older == ReconcileSummary(unchanged: 1) && same == ReconcileSummary(unchanged: 1), "unchanged, got \(older) \(same)")
                let newer = try reconciler.reconcile([TripRecord(1, at: time(6), name: "newer")], as: SyncTrip.self)
                try check(try trips(ModelContext(container)).map(\.name) == ["newer"] && trips(ModelContext(container)).first?.updatedAt == time(6), "a newer record updates name and updatedAt")
                try check(newer == ReconcileSummary(updated: 1), "one update, got \(newer)")
            },
            SyncCase("reconcile.pageOfManyFetchesOnlyNamed") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile((1...300).map { TripRecord($0, at: time(1), name: "v1") }, as: SyncTrip.self)
                let summary = try reconciler.reconcile((101...400).map { TripRecord($0, at: time(2), name: "v2") }, as: SyncTrip.self)
                try check(summary == ReconcileSummary(inserted: 100, updated: 200), "200 updated and 100 inserted, got \(summary)")
                try check(try count(SyncTrip.self, in: container) == 400, "the unnamed rows stay (.none)")
            },
            SyncCase("reconcile.childrenRecursive") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile([
                    TripRecord(1, at: time(1), name: "A", stops: [StopRecord(1, at: time(1), title: "a1"), StopRecord(2, at: time(1), title: "a2")]),
                    TripRecord(2, at: time(1), name: "B", stops: [StopRecord(1, at: time(1), title: "b1")]),
                ], as: SyncTrip.self)
                let summary = try reconciler.reconcile(
                    [TripRecord(1, at: time(1), name: "A", stops: [StopRecord(2, at: time(2), title: "a2 new"), StopRecord(3, at: time(2), title: "a3")])],
                    as: SyncTrip.self)
                let context = ModelContext(container)
                let stored = try trips(context)
                try check(Set(stored[0].stops.map(\.title)) == ["a2 new", "a3"], "trip 1: stop 1 deleted, 2 updated, 3 inserted: \(stored[0].stops.map(\.title))")
                try check(stored[1].stops.map(\.title) == ["b1"], "trip 2's stop 1 is another parent's and stays")
                try check(summary == ReconcileSummary(inserted: 1, updated: 1, unchanged: 1, deleted: 1), "got \(summary)")
            },
        ]
    }

    /// Deletion policies, reactivation and the deletion guard.
    static var reconcileDeletionCases: [SyncCase] {
        let four = (1...4).map { TripRecord($0, at: time(1), name: "T\($0)") }
        return [
            SyncCase("reconcile.deletion.none") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile(four, as: SyncTrip.self)
                try reconciler.reconcile(Array(four.prefix(3)), as: SyncTrip.self, deletion: .none)
                try check(try count(SyncTrip.self, in: container) == 4, ".none keeps missing rows")
            },
            SyncCase("reconcile.deletion.hard") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile(four, as: SyncTrip.self)
                let summary = try reconciler.reconcile(Array(four.prefix(3)), as: SyncTrip.self, deletion: .hardDeleteMissing)
                try check(try trips(ModelContext(container)).map(\.remoteID) == [1, 2, 3], "trip 4 is deleted")
                try check(summary == ReconcileSummary(unchanged: 3, deleted: 1), "got \(summary)")
            },
            SyncCase("reconcile.deletion.soft") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile(four, as: SyncTrip.self)
                let summary = try reconciler.reconcile(Array(four.prefix(3)), as: SyncTrip.self, deletion: .softDeleteMissing)
                let stored = try trips(ModelContext(container))
                try check(stored.count == 4 && stored.filter { $0.deletedAt != nil }.map(\.remoteID) == [4], "trip 4 is marked deleted, not removed")
                try check(summary == ReconcileSummary(unchanged: 3, softDeleted: 1), "got \(summary)")
                let again = try reconciler.reconcile(Array(four.prefix(3)), as: SyncTrip.self, deletion: .softDeleteMissing)
                try check(again == ReconcileSummary(unchanged: 3), "a soft-deleted row is not deleted twice, got \(again)")
            },
            SyncCase("reconcile.deletion.reactivation") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile(four, as: SyncTrip.self)
                try reconciler.reconcile(Array(four.prefix(3)), as: SyncTrip.self, deletion: .softDeleteMissing)
                let stale = try reconciler.reconcile([TripRecord(4, at: time(1), name: "stale")], as: SyncTrip.self)
                try check(try trips(ModelContext(container))[3].deletedAt != nil && stale == ReconcileSummary(unchanged: 1), "a record that is not newer leaves it deleted")
                let fresh = try reconciler.reconcile([TripRecord(4, at: time(9), name: "back")], as: SyncTrip.self)
                let trip = try trips(ModelContext(container))[3]
                try check(trip.deletedAt == nil && trip.name == "back", "a newer record reactivates and updates it")
                try check(fresh == ReconcileSummary(reactivated: 1), "got \(fresh)")
            },
            SyncCase("reconcile.guard.emptyPage") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile(four, as: SyncTrip.self)
                for policy in [DeletionPolicy.hardDeleteMissing, .softDeleteMissing] {
                    try checkError(.deletionGuard, index: nil, key: nil) { try reconciler.reconcile([], as: SyncTrip.self, deletion: policy) }
                }
                try check(try trips(ModelContext(container)).allSatisfy { $0.deletedAt == nil } && count(SyncTrip.self, in: container) == 4, "nothing is deleted")
            },
            SyncCase("reconcile.guard.share") { container in
                var reconciler = Reconciler(container: container, maximumDeletionShare: 0.5)
                try reconciler.reconcile(four, as: SyncTrip.self)
                try checkError(.deletionGuard, index: nil, key: nil) { try reconciler.reconcile([four[0]], as: SyncTrip.self, deletion: .hardDeleteMissing) }
                try reconciler.reconcile(Array(four.prefix(2)), as: SyncTrip.self, deletion: .hardDeleteMissing)
                try check(try count(SyncTrip.self, in: container) == 2, "deleting half is allowed")
                reconciler.maximumDeletionShare = 1
                try reconciler.reconcile([], as: SyncTrip.self, deletion: .hardDeleteMissing)
                try check(try count(SyncTrip.self, in: container) == 0, "a share of 1 allows deleting all")
            },
            SyncCase("reconcile.guard.children") { container in
                let reconciler = Reconciler(container: container)
                let stops = (1...4).map { StopRecord($0, at: time(1), title: "s\($0)") }
                try reconciler.reconcile([TripRecord(1, at: time(1), name: "A", stops: stops)], as: SyncTrip.self)
                try checkError(.deletionGuard, index: nil, key: nil) { try reconciler.reconcile([TripRecord(1, at: time(1), name: "A")], as: SyncTrip.self) }
                let context = ModelContext(container)
                try check(try trips(context)[0].stops.count == 4, "a parent whose page lost its children keeps them")
            },
            SyncCase("reconcile.softDeleteNeedsDeletedAt") { container in
                try checkError(.noSoftDelete, index: nil, key: nil) {
                    try Reconciler(container: container).reconcile([StopRecord(1, at: time(1), title: "s")], as: SyncStop.self, deletion: .softDeleteMissing)
                }
            },
            SyncCase("reconcile.duplicateRecord") { container in
                try checkError(.duplicateIdentity, index: 1, key: "remoteID") {
                    try Reconciler(container: container).reconcile([four[0], four[0]], as: SyncTrip.self)
                }
                try check(try count(SyncTrip.self, in: container) == 0, "nothing is written")
            },
            SyncCase("reconcile.cancellationRollsBack") { container in
                let records = (1...300).map { TripRecord($0, at: time(1), name: "T") }
                let outcome = await Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return Result { try Reconciler(container: container).reconcile(records, as: SyncTrip.self) }
                }.value
                guard case .failure(let error) = outcome, error is CancellationError else {
                    throw SyncCaseFailure(description: "a cancelled reconcile must throw CancellationError, got \(outcome)")
                }
                try check(try count(SyncTrip.self, in: container) == 0, "a cancelled reconcile writes nothing")
            },
        ]
    }
}
