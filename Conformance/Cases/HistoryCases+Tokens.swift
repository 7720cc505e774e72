import Foundation
import StrataCore

/// A history token names the store that recorded it: one from another store is refused with a
/// typed error by a fetch and by a delete, which then deletes nothing.
extension HistoryCases {
    static let tokenOfAnotherStore = ConformanceCase("history.tokens.ofAnotherStore", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let context = ModelContext(container)
        for slug in ["a", "b"] {
            context.insert(Memo(slug: slug, title: slug, body: slug))
            try context.save()
        }
        let own = try history(container)
        try Check.equal(own.count, 2, "transactions recorded")
        let foreign = DefaultHistoryToken(storeIdentifier: "another-" + container.dataStore.identifier, tokenValue: own[0].token.tokenValue)
        let isForeignTokenError = { (error: any Error) in (error as? SwiftDataError)?.code == SwiftDataError.historyTokenOfAnotherStore.code }
        _ = try Check.throwsError("fetching after another store's token", matching: isForeignTokenError) {
            _ = try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > foreign }))
        }
        _ = try Check.throwsError("deleting up to another store's token", matching: isForeignTokenError) {
            try ModelContext(container).deleteHistory(HistoryDescriptor<Transaction>(predicate: #Predicate { $0.token <= foreign }))
        }
        try Check.equal(try history(container).map(\.token), own.map(\.token), "nothing was deleted")
        let ownToken = own[0].token
        try Check.equal(try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > ownToken })).count, 1, "the store's own token still works")
    }
}
