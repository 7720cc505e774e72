// `@Model` expansions use Observation's registrar, and model code uses Foundation's
// `#Predicate`, `SortDescriptor`, `Date` and `UUID`: importing Strata brings both, as
// importing SwiftData does.
@_exported import Foundation
@_exported import Observation
