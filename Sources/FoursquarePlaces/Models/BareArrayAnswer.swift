/// An element type (the seed contract's tips and photos) whose list the API also answers as a bare JSON array, without the `results` wrapper the seed
/// documents show: `ResultsPage` of it decodes either shape.
///
/// The seed documents (000) show tips and photos inside `{"results": [...]}`, but answers that integrations of the
/// API show in public code are bare arrays, as the 2025-06-17 document also describes them. A declared departure
/// from the seed documents (`SeedContractChoices`).
protocol BareArrayAnswer {}
