import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// A reconciled record links to other models by remote id through `link(from:using:)`.
    static var reconcileLinkCases: [SyncCase] {
        [
            SyncCase("reconcile.link.byRemoteId") { container in
                let reconciler = Reconciler(container: container)
                try reconciler.reconcile([TripRecord(1, at: time(1), name: "A"), TripRecord(2, at: time(1), name: "B", follows: 1)], as: SyncTrip.self)
                try check(try trips(ModelContext(container)).map { $0.follows?.name } == [nil, "A"], "trip 2 links to trip 1, inserted by the same reconcile")
                let summary = try reconciler.reconcile(
                    [TripRecord(1, at: time(2), name: "A", follows: 2), TripRecord(2, at: time(1), name: "B"), TripRecord(3, at: time(1), name: "C", follows: 2)],
                    as: SyncTrip.self)
                try check(summary == ReconcileSummary(inserted: 1, updated: 1, unchanged: 1), "one insert, one update, got \(summary)")
                try check(try trips(ModelContext(container)).map { $0.follows?.name } == ["B", "A", "B"], "a newer record relinks, an older one changes no link")
            },
            SyncCase("reconcile.link.unknownIdFails") { container in
                let reconciler = Reconciler(container: container)
                try checkError(.unresolvedReference, index: 1, key: nil) {
                    try reconciler.reconcile([TripRecord(1, at: time(1), name: "A"), TripRecord(2, at: time(1), name: "B", follows: 9)], as: SyncTrip.self)
                }
                try check(try count(SyncTrip.self, in: container) == 0, "a refused reconcile writes nothing")
            },
        ]
    }
}
