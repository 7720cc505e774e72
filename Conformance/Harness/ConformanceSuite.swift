/// Every case of the suite, grouped by category.
public enum ConformanceSuite {
    /// The suite's version; reports carry it so results can be compared across releases.
    public static let version = "0.2.0"

    /// All cases, in a stable order.
    public static let cases: [ConformanceCase] = NullSafetyCases.all
        + ComparisonCases.all
        + StringCases.all
        + CollectionCases.all
        + SortCases.all
        + WindowCases.all
        + FallbackCases.all
        + RoundTripCases.all
        + IdentityCases.all
        + UniquenessCases.all
        + DeleteRuleCases.all
        + AtomicityCases.all
        + ConcurrencyCases.all
        + FuzzCases.all
        + RelationshipCases.all
        + ErrorCases.all
        + ComparisonCases.moreAllTypes
        + StringCases.morePunctuation
        + StringCases.localizedSearch
        + CollectionCases.moreLargeIn
        + CollectionCases.longChains
        + CollectionCases.boundLists
        + SortCases.morePaging
        + WindowCases.moreCapability
        + CapabilityCases.all
        + ExternalChangeCases.all
        + HonestyCases.all
        + EvolutionCases.all
        + MigrationCases.all
        + LifetimeCases.all
        + BatchedFetchCases.all
        + PrefetchCases.all
        + PartialFetchCases.all
        + InheritanceCases.all
        + HistoryCases.all
        + ChangeFeedCases.all
        + ReachabilityCases.all
        + PortedValueCases.all
        + LinkCases.all
}
