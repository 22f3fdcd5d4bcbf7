#!/usr/bin/perl
# msgids.pl: print the message ids of tr() and N_() in C files (mode "used"),
# or the ids of a catalog's { "id", "text" } entries (mode "catalog"), one
# a line, with adjacent string literals joined as the compiler joins them.
use strict;
use warnings;

my $mode = shift @ARGV;
my $lit = qr/"(?:[^"\\]|\\.)*"/;
my %seen;
for my $file (@ARGV) {
	open(my $fh, '<', $file) or die "$file: $!\n";
	local $/;
	my $src = <$fh>;
	close($fh);
	my $re = $mode eq 'used' ?
	    qr/\b(?:tr\(\s*[^,()]+,|N_\()\s*((?:$lit\s*)+)\)/ :
	    qr/\{\s*((?:$lit\s*)+),\s*(?:$lit\s*)+\}/;
	while ($src =~ /$re/g) {
		my $id = join('', $1 =~ /"((?:[^"\\]|\\.)*)"/g);
		print "$id\n" unless $seen{$id}++;
	}
}
