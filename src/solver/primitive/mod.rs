//! Not implemented yet: this module is a placeholder; see the solver issue.
