/*
 * check_main.c: runs every suite of the engine's tests.
 */
#include <stdlib.h>

#include <check.h>

#include "testutil.h"

/* Run all suites; exit non-zero if any test failed. */
int
main(void)
{
	SRunner *sr;
	int failed;

	sr = srunner_create(suite_notation());
	srunner_add_suite(sr, suite_json());
	srunner_add_suite(sr, suite_record());
	srunner_add_suite(sr, suite_rules_board());
	srunner_add_suite(sr, suite_rules_deal());
	srunner_add_suite(sr, suite_rules_move());
	srunner_add_suite(sr, suite_rules_cards());
	srunner_add_suite(sr, suite_rules_seven());
	srunner_add_suite(sr, suite_rules_tac());
	srunner_add_suite(sr, suite_rules_master());
	srunner_add_suite(sr, suite_rules_coop());
	srunner_add_suite(sr, suite_rules_engine());
	srunner_add_suite(sr, suite_props());
	srunner_add_suite(sr, suite_why());
	srunner_add_suite(sr, suite_why_props());
	srunner_add_suite(sr, suite_tally());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
