// `import Strata` gives the model layer and the built-in embedded stores.
@_exported import StrataCore
@_exported import StrataInMemory
@_exported import StrataSQLite
