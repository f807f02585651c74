//! The referee and the claim checker: certificates, verdicts, another library (parry) judged.

mod check_claim;
mod flush_contacts;
mod non_convex_faces;
mod parry_verdicts;
mod sat_certificates;
mod separated_spin;
mod solids_certificates;
mod spin_certificates;
mod verdict_display;
